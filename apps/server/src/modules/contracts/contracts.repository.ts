import { sql } from 'kysely';
import type {
  ContractDetail,
  ContractInput,
  ContractListItem,
  ContractListQuery,
  UpdateCustomerBody,
} from '@klik/api';
import {
  fromDec,
  partsOf,
  profileOfMonths,
  toDec,
  type ClickedMonth,
  type ContractPartName,
  type PlannedMonth,
} from '@klik/domain';
import type { Db } from '../../db/database';
import type { DeadlineRuleColumn } from '../../db/schema';
import { likePattern } from '../../db/like-pattern';
import { setContractedVolumes } from '../positions/ledger';

/*
 * managecontract's reads and writes (docs/contracts.md). A contract's volumes live in the
 * monthly ledger (position_months); the per-year volume and profile the form shows are derived
 * from it, so the ledger stays the one truth about volumes.
 */

interface ListRow {
  id: number;
  contract_id: string;
  customer_id: number;
  customer_name: string;
  commodity: 'Power' | 'Gas';
  product: string;
  click_type: ContractListItem['clickType'];
  click_option: ContractListItem['marketOption'];
  years: number[] | null;
  contracted_volume: string;
  updated_at: Date;
  revision: number;
}

const LIST_COLUMNS = sql`c.id, c.contract_id, c.customer_id, cu.name as customer_name,
  c.commodity, c.product, c.click_type, c.click_option, c.updated_at, c.revision,
  (select coalesce(sum(p.total_volume), 0)::text from position_months p
    where p.contract_id = c.id) as contracted_volume,
  (select array_agg(distinct p.year_of_supply order by p.year_of_supply) from position_months p
    where p.contract_id = c.id) as years`;

function listItemOf(row: ListRow): ContractListItem {
  return {
    id: row.id,
    contractId: row.contract_id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    commodity: row.commodity,
    product: row.product,
    clickType: row.click_type,
    marketOption: row.click_option,
    yearsOfSupply: row.years ?? [],
    contractedVolume: fromDec(toDec(row.contracted_volume)),
    updatedAt: row.updated_at.toISOString(),
    version: row.revision,
  };
}

const SORT = {
  contractId: sql`lower(c.contract_id)`,
  customer: sql`lower(cu.name)`,
  updatedAt: sql`c.updated_at`,
} as const;

/** One page of contracts; with own customers given, only theirs. */
export async function listContracts(
  db: Db,
  query: ContractListQuery,
  ownCustomers: readonly number[] | null,
): Promise<{ data: ContractListItem[]; total: number }> {
  if (ownCustomers !== null && ownCustomers.length === 0) return { data: [], total: 0 };
  const conditions = [sql`true`];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      sql`(lower(c.contract_id) like ${pattern} or lower(c.product) like ${pattern}
        or lower(cu.name) like ${pattern})`,
    );
  }
  if (query.customerId !== undefined) conditions.push(sql`c.customer_id = ${query.customerId}`);
  if (query.commodity !== undefined) conditions.push(sql`c.commodity = ${query.commodity}`);
  if (ownCustomers !== null) {
    conditions.push(sql`c.customer_id in (${sql.join([...ownCustomers])})`);
  }
  const where = sql.join(conditions, sql` and `);
  const descending = query.sort.startsWith('-');
  const field = (descending ? query.sort.slice(1) : query.sort) as keyof typeof SORT;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const from = sql`contracts c join customers cu on cu.id = c.customer_id`;
  const rows = await sql<ListRow>`
    select ${LIST_COLUMNS} from ${from} where ${where}
    order by ${SORT[field]} ${direction}, c.id ${direction}
    limit ${query.size} offset ${query.page * query.size}`.execute(db);
  const counted = await sql<{ total: number }>`
    select count(*)::int as total from ${from} where ${where}`.execute(db);
  return { data: rows.rows.map(listItemOf), total: counted.rows[0]?.total ?? 0 };
}

/** The contract's internal id and customer, locked for the rest of the transaction. */
export async function lockContractRow(
  trx: Db,
  id: number,
): Promise<{ customerId: number; commodity: 'Power' | 'Gas'; revision: number } | undefined> {
  const row = await trx
    .selectFrom('contracts')
    .select(['customer_id', 'commodity', 'revision'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && { customerId: row.customer_id, commodity: row.commodity, revision: row.revision };
}

/** The contract's months with what is clicked of each, and the years that have any click. */
export async function ledgerOf(
  db: Db,
  id: number,
): Promise<{ months: (ClickedMonth & { totalVolume: string })[]; clickYears: number[] }> {
  const months = await db
    .selectFrom('position_months')
    .select(['year_of_supply', 'part', 'month', 'total_volume', 'clicked_volume'])
    .where('contract_id', '=', id)
    .orderBy('year_of_supply')
    .orderBy('part')
    .orderBy('month')
    .execute();
  const years = await db
    .selectFrom('clicks')
    .select('year_of_supply')
    .distinct()
    .where('contract_id', '=', id)
    .orderBy('year_of_supply')
    .execute();
  return {
    months: months.map((row) => ({
      yearOfSupply: row.year_of_supply,
      part: row.part,
      month: row.month,
      totalVolume: fromDec(toDec(row.total_volume)),
      clickedVolume: fromDec(toDec(row.clicked_volume)),
    })),
    clickYears: years.map((row) => row.year_of_supply),
  };
}

type LedgerMonth = Awaited<ReturnType<typeof ledgerOf>>['months'][number];

/** Per year and part: the stored months as the form's volume, profile and clicked floor. */
export function volumesOf(months: readonly LedgerMonth[]): ContractDetail['volumes'] {
  const groups = new Map<string, LedgerMonth[]>();
  for (const month of months) {
    const key = `${month.yearOfSupply}/${month.part}`;
    groups.set(key, [...(groups.get(key) ?? []), month]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as LedgerMonth;
    const byMonth = (pick: (m: LedgerMonth) => string) =>
      Array.from({ length: 12 }, (_, i) => {
        const month = group.find((m) => m.month === i + 1);
        return month ? pick(month) : '0';
      });
    const totals = byMonth((m) => m.totalVolume);
    return {
      yearOfSupply: first.yearOfSupply,
      part: first.part,
      volume: fromDec(totals.reduce((acc, v) => acc.plus(toDec(v)), toDec('0'))),
      profile: profileOfMonths(totals),
      clickedByMonth: byMonth((m) => m.clickedVolume),
    };
  });
}

interface DetailRow extends ListRow {
  mark_up: string;
  transaction_fee: string;
  off_peak_mark_up: string | null;
  off_peak_transaction_fee: string | null;
  margin_scenario_id: number | null;
  lump_sum: string;
  run_out: boolean;
  max_clicks_per_year: number | null;
  min_click_percentage: string;
  max_click_percentage: string;
  deadline_rule: DeadlineRuleColumn;
  require_sms: boolean | null;
  require_approval: boolean | null;
}

const dec = (value: string) => fromDec(toDec(value));

/** The whole contract as managecontract shows it, or undefined. */
export async function findContractDetail(db: Db, id: number): Promise<ContractDetail | undefined> {
  const result = await sql<DetailRow>`
    select ${LIST_COLUMNS}, c.mark_up::text, c.transaction_fee::text,
      c.off_peak_mark_up::text, c.off_peak_transaction_fee::text, c.margin_scenario_id,
      c.lump_sum::text, c.run_out, c.max_clicks_per_year, c.min_click_percentage::text,
      c.max_click_percentage::text, c.deadline_rule, c.require_sms, c.require_approval
    from contracts c join customers cu on cu.id = c.customer_id
    where c.id = ${id}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const ledger = await ledgerOf(db, id);
  const dashboards = await db
    .selectFrom('dashboard_contracts')
    .select('dashboard_id')
    .where('contract_id', '=', id)
    .orderBy('dashboard_id')
    .execute();
  const pricing = partsOf(row.commodity).map((part) => ({
    part,
    markUp: dec(part === 'OffPeak' ? (row.off_peak_mark_up ?? row.mark_up) : row.mark_up),
    transactionFee: dec(
      part === 'OffPeak'
        ? (row.off_peak_transaction_fee ?? row.transaction_fee)
        : row.transaction_fee,
    ),
  }));
  return {
    ...listItemOf(row),
    volumes: volumesOf(ledger.months),
    pricing,
    marginScenarioId: row.margin_scenario_id,
    lumpSum: dec(row.lump_sum),
    runOut: row.run_out,
    clickLimits: {
      maxClicksPerYear: row.max_clicks_per_year,
      minClickPercentage: dec(row.min_click_percentage),
      maxClickPercentage: dec(row.max_click_percentage),
    },
    deadlineRule: row.deadline_rule,
    requireSms: row.require_sms,
    requireApproval: row.require_approval,
    dashboardIds: dashboards.map((d) => d.dashboard_id),
    clickYears: ledger.clickYears,
    hasClicks: ledger.clickYears.length > 0,
  };
}

/** The contract columns of an input (volumes, dashboards and the scenario are written apart). */
function columnsOf(input: ContractInput, months: readonly PlannedMonth[]) {
  const priceOf = (part: ContractPartName) => input.pricing.find((p) => p.part === part);
  const main = priceOf(input.commodity === 'Gas' ? 'Gas' : 'Peak');
  const offPeak = input.commodity === 'Power' ? priceOf('OffPeak') : undefined;
  return {
    contract_id: input.contractId,
    customer_id: input.customerId,
    commodity: input.commodity,
    product: input.product,
    click_type: input.clickType,
    click_option: input.marketOption,
    mark_up: main?.markUp ?? '0',
    transaction_fee: main?.transactionFee ?? '0',
    off_peak_mark_up: offPeak?.markUp ?? null,
    off_peak_transaction_fee: offPeak?.transactionFee ?? null,
    lump_sum: input.lumpSum,
    contracted_volume: fromDec(
      months.reduce((acc, m) => acc.plus(toDec(m.totalVolume)), toDec('0')),
    ),
    run_out: input.runOut,
    max_clicks_per_year: input.clickLimits.maxClicksPerYear,
    min_click_percentage: input.clickLimits.minClickPercentage,
    max_click_percentage: input.clickLimits.maxClickPercentage,
    deadline_rule: JSON.stringify(input.deadlineRule),
    require_sms: input.requireSms,
    require_approval: input.requireApproval,
  };
}

/** Inserts a new contract (contract_id unique: contracts_contract_id_key) and returns its id. */
export async function insertContract(
  trx: Db,
  input: ContractInput,
  months: readonly PlannedMonth[],
): Promise<number> {
  const row = await trx
    .insertInto('contracts')
    .values(columnsOf(input, months))
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeRest(trx, row.id, input, months);
  return row.id;
}

/** Writes a change on the revision read; false when another edit came first. */
export async function updateContract(
  trx: Db,
  id: number,
  revision: number,
  input: ContractInput,
  months: readonly PlannedMonth[],
): Promise<boolean> {
  const result = await trx
    .updateTable('contracts')
    .set({ ...columnsOf(input, months), revision: revision + 1 })
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await writeRest(trx, id, input, months);
  return true;
}

/** The ledger's totals (never its clicked figures), the scenario and the dashboards. */
async function writeRest(
  trx: Db,
  id: number,
  input: ContractInput,
  months: readonly PlannedMonth[],
): Promise<void> {
  await setContractedVolumes(trx, [{ contractRowId: id, months }]);
  await sql`update contracts set margin_scenario_id = ${input.marginScenarioId ?? null}
    where id = ${id}`.execute(trx);
  await trx.deleteFrom('dashboard_contracts').where('contract_id', '=', id).execute();
  if (input.dashboardIds.length > 0) {
    await trx
      .insertInto('dashboard_contracts')
      .values(
        input.dashboardIds.map((dashboardId) => ({
          dashboard_id: dashboardId,
          contract_id: id,
          customer_id: input.customerId,
        })),
      )
      .execute();
  }
}

/** How many of these dashboards belong to the customer. */
export async function countOwnDashboards(
  db: Db,
  customerId: number,
  dashboardIds: readonly number[],
): Promise<number> {
  if (dashboardIds.length === 0) return 0;
  const rows = await db
    .selectFrom('dashboards')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', 'in', [...dashboardIds])
    .execute();
  return rows.length;
}

/** Sets the click limits of the customer's contracts that `limits` names. */
export async function updateClickLimits(
  db: Db,
  customerId: number,
  limits: UpdateCustomerBody['clickLimits'],
): Promise<void> {
  for (const limit of limits) {
    await db
      .updateTable('contracts')
      .set({
        max_clicks_per_year: limit.maxClicksPerYear,
        min_click_percentage: limit.minClickPercentage,
      })
      .where('customer_id', '=', customerId)
      .where('contract_id', '=', limit.contractId)
      .execute();
  }
}

/** A margin scenario prices exactly these contracts: those it priced before and are not listed lose it. */
export async function assignMarginScenario(
  db: Db,
  scenarioId: number,
  contractRowIds: readonly number[],
): Promise<void> {
  await db
    .updateTable('contracts')
    .set({ margin_scenario_id: null })
    .where('margin_scenario_id', '=', scenarioId)
    .where('id', 'not in', [0, ...contractRowIds])
    .execute();
  if (contractRowIds.length > 0) {
    await db
      .updateTable('contracts')
      .set({ margin_scenario_id: scenarioId })
      .where('id', 'in', [...contractRowIds])
      .execute();
  }
}

/** Which contracts a change of their pricing reaches. */
export type RepricedContracts =
  | { marginScenarioId: number; customerIds: readonly number[] }
  | { products: readonly string[] | 'all' };

/**
 * Raises the version of the contracts whose pricing changed, so the positions dashboard prepares
 * their views again; their revision, which a quote records, stays. Any update raises the version
 * (the contracts_version trigger), so this one writes a column onto itself.
 */
export async function touchRepricedContracts(db: Db, which: RepricedContracts): Promise<void> {
  let query = db
    .updateTable('contracts')
    .set((eb) => ({ margin_scenario_id: eb.ref('margin_scenario_id') }));
  if ('marginScenarioId' in which) {
    const { marginScenarioId, customerIds } = which;
    query = query.where((eb) =>
      eb.or([
        eb('margin_scenario_id', '=', marginScenarioId),
        ...(customerIds.length > 0 ? [eb('customer_id', 'in', [...customerIds])] : []),
      ]),
    );
  } else if (which.products !== 'all') {
    if (which.products.length === 0) return;
    query = query.where('product', 'in', [...which.products]);
  }
  await query.execute();
}

/** Puts exactly these contracts of the customer on the dashboard. */
export async function setDashboardContracts(
  db: Db,
  dashboardId: number,
  customerId: number,
  contractRowIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('dashboard_contracts').where('dashboard_id', '=', dashboardId).execute();
  if (contractRowIds.length === 0) return;
  await db
    .insertInto('dashboard_contracts')
    .values(
      contractRowIds.map((contractRowId) => ({
        dashboard_id: dashboardId,
        contract_id: contractRowId,
        customer_id: customerId,
      })),
    )
    .execute();
}
