import { sql } from 'kysely';
import type { ClickType, ContractPartName, DeadlineRule, HedgePoint, Maturity } from '@klik/domain';
import type { Db } from '../../db/database';
import type { StoredQuotePart } from '../../db/schema';

/*
 * What the replay of a contract year reads (docs/backtest.md), besides the price history
 * (history.repository.ts). Reads only, of other modules' tables joined to the customer's
 * contracts (decision 016): the contract's click rules and margins, the part volumes of its
 * positions (position_months), the hedge policy's points, the completed clicks with their months
 * (click_months) and, where a click was made through a quote, the quote's parts for the split of
 * its price into market price and margin.
 */

/** A contract as the replay reads it. */
export interface BacktestContractRow {
  id: number;
  contractId: string;
  customerId: number;
  commodity: 'Power' | 'Gas';
  product: string;
  clickType: ClickType;
  markUp: string;
  transactionFee: string;
  offPeakMarkUp: string | null;
  offPeakTransactionFee: string | null;
  minClickPercentage: string;
  maxClickPercentage: string;
  maxClicksPerYear: number | null;
  deadlineRule: DeadlineRule;
  /** The margin scenario assigned to the contract, and the one assigned to its customer. */
  contractScenarioId: number | null;
  customerScenarioId: number | null;
}

function contractQuery(db: Db) {
  return db
    .selectFrom('contracts as c')
    .leftJoin('margin_scenario_customers as m', 'm.customer_id', 'c.customer_id')
    .select([
      'c.id',
      'c.contract_id',
      'c.customer_id',
      'c.commodity',
      'c.product',
      'c.click_type',
      sql<string>`c.mark_up::text`.as('mark_up'),
      sql<string>`c.transaction_fee::text`.as('transaction_fee'),
      sql<string | null>`c.off_peak_mark_up::text`.as('off_peak_mark_up'),
      sql<string | null>`c.off_peak_transaction_fee::text`.as('off_peak_transaction_fee'),
      sql<string>`c.min_click_percentage::text`.as('min_click_percentage'),
      sql<string>`c.max_click_percentage::text`.as('max_click_percentage'),
      'c.max_clicks_per_year',
      'c.deadline_rule',
      'c.margin_scenario_id',
      'm.scenario_id as customer_scenario_id',
    ]);
}

type ContractQueryRow = Awaited<ReturnType<ReturnType<typeof contractQuery>['execute']>>[number];

function contractOf(row: ContractQueryRow): BacktestContractRow {
  return {
    id: row.id,
    contractId: row.contract_id,
    customerId: row.customer_id,
    commodity: row.commodity,
    product: row.product,
    clickType: row.click_type,
    markUp: row.mark_up,
    transactionFee: row.transaction_fee,
    offPeakMarkUp: row.off_peak_mark_up,
    offPeakTransactionFee: row.off_peak_transaction_fee,
    minClickPercentage: row.min_click_percentage,
    maxClickPercentage: row.max_click_percentage,
    maxClicksPerYear: row.max_clicks_per_year,
    deadlineRule: row.deadline_rule,
    contractScenarioId: row.margin_scenario_id,
    customerScenarioId: row.customer_scenario_id,
  };
}

/** The customer's contract with this contract id; undefined when it is not the customer's. */
export async function findBacktestContract(
  db: Db,
  customerId: number,
  contractId: string,
): Promise<BacktestContractRow | undefined> {
  const row = await contractQuery(db)
    .where('c.customer_id', '=', customerId)
    .where('c.contract_id', '=', contractId)
    .executeTakeFirst();
  return row ? contractOf(row) : undefined;
}

/** Every contract of the customers, ordered by customer and contract id. */
export async function findBacktestContracts(
  db: Db,
  customerIds: readonly number[],
): Promise<BacktestContractRow[]> {
  if (customerIds.length === 0) return [];
  const rows = await contractQuery(db)
    .where('c.customer_id', 'in', customerIds)
    .orderBy('c.customer_id')
    .orderBy('c.contract_id')
    .execute();
  return rows.map(contractOf);
}

/** One month of one part of a contract year (MWh). */
export interface PartMonthRow {
  contractRowId: number;
  yearOfSupply: number;
  part: ContractPartName;
  month: number;
  totalVolume: string;
}

/** The months of the contracts' years (all years, or only `yearOfSupply`). */
export async function findPartMonths(
  db: Db,
  contractRowIds: readonly number[],
  yearOfSupply?: number,
): Promise<PartMonthRow[]> {
  if (contractRowIds.length === 0) return [];
  let query = db
    .selectFrom('position_months')
    .select([
      'contract_id',
      'year_of_supply',
      'part',
      'month',
      sql<string>`total_volume::text`.as('total_volume'),
    ])
    .where('contract_id', 'in', contractRowIds);
  if (yearOfSupply !== undefined) query = query.where('year_of_supply', '=', yearOfSupply);
  const rows = await query.orderBy('contract_id').orderBy('year_of_supply').execute();
  return rows.map((row) => ({
    contractRowId: row.contract_id,
    yearOfSupply: row.year_of_supply,
    part: row.part,
    month: row.month,
    totalVolume: row.total_volume,
  }));
}

/** The hedge policies of the contracts' years, keyed `contractRowId/yearOfSupply`. */
export async function findHedgePolicies(
  db: Db,
  contractRowIds: readonly number[],
): Promise<Map<string, HedgePoint[]>> {
  const policies = new Map<string, HedgePoint[]>();
  if (contractRowIds.length === 0) return policies;
  const rows = await db
    .selectFrom('hedge_policies')
    .select(['contract_id', 'year_of_supply', 'points'])
    .where('contract_id', 'in', contractRowIds)
    .execute();
  for (const row of rows) policies.set(`${row.contract_id}/${row.year_of_supply}`, row.points);
  return policies;
}

/** One part of a completed click: its volume over the click's months and its click price. */
export interface StoredClickRow {
  clickId: number;
  contractRowId: number;
  yearOfSupply: number;
  maturity: Maturity;
  completedAt: Date;
  part: ContractPartName;
  /** MWh, the sum over the click's months. */
  volume: string;
  /** EUR/MWh, the click price (market + margin), volume-weighted over its months. */
  price: string;
  /** The quote's part, when the click was made through a quote (the price's split). */
  quotePart: StoredQuotePart | null;
}

/** The completed clicks of the contracts (all years, or only `yearOfSupply`), oldest first. */
export async function findCompletedClicks(
  db: Db,
  contractRowIds: readonly number[],
  yearOfSupply?: number,
): Promise<StoredClickRow[]> {
  if (contractRowIds.length === 0) return [];
  let query = db
    .selectFrom('clicks as k')
    .innerJoin('click_months as cm', 'cm.click_id', 'k.id')
    .leftJoin('purchase_quotes as q', 'q.id', 'k.quote_id')
    .select([
      'k.id',
      'k.contract_id',
      'k.year_of_supply',
      'k.maturity',
      sql<Date>`coalesce(k.completed_at, k.created_at)`.as('completed_at'),
      'cm.part',
      sql<string>`sum(cm.volume)::text`.as('volume'),
      sql<string>`case when sum(cm.volume) = 0 then min(cm.price)::text
        else (sum(cm.volume * cm.price) / sum(cm.volume))::text end`.as('price'),
      sql<string | null>`(array_agg(q.parts::text))[1]`.as('quote_parts'),
    ])
    .where('k.contract_id', 'in', contractRowIds)
    .where('k.status', '=', 'COMPLETED');
  if (yearOfSupply !== undefined) query = query.where('k.year_of_supply', '=', yearOfSupply);
  const rows = await query
    .groupBy(['k.id', 'k.contract_id', 'k.year_of_supply', 'k.maturity', 'cm.part'])
    .orderBy('completed_at')
    .orderBy('k.id')
    .orderBy('cm.part')
    .execute();
  return rows.map((row) => {
    const parts =
      row.quote_parts === null ? null : (JSON.parse(row.quote_parts) as StoredQuotePart[]);
    return {
      clickId: row.id,
      contractRowId: row.contract_id,
      yearOfSupply: row.year_of_supply,
      maturity: row.maturity as Maturity,
      completedAt: new Date(row.completed_at),
      part: row.part,
      volume: row.volume,
      price: row.price,
      quotePart: parts?.find((one) => one.name === row.part) ?? null,
    };
  });
}

/** The customers' names, ordered by id; with `all`, every customer. */
export async function findCustomerNames(
  db: Db,
  customerIds: readonly number[] | 'all',
): Promise<{ id: number; name: string }[]> {
  if (customerIds !== 'all' && customerIds.length === 0) return [];
  let query = db.selectFrom('customers').select(['id', 'name']);
  if (customerIds !== 'all') query = query.where('id', 'in', customerIds);
  return query.orderBy('id').execute();
}
