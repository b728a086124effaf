import { sql } from 'kysely';
import type {
  AssignedContract,
  MarginDraft,
  PricingId,
  ScenarioSummary,
  ScenarioVersion,
} from '@klik/api';
import { fromDec, toDec } from '@klik/domain';
import type { Db } from '../../db/database';
import type { StoredMarginLine } from '../../db/schema';

/** Grid lines as stored: decimals written plainly, so equal amounts compare equal in the JSON. */
export function storedLines(draft: MarginDraft): StoredMarginLine[] {
  return draft.lines.map((line) => ({
    commodity: line.commodity,
    part: line.part,
    maturityType: line.maturityType,
    minVolume:
      line.minVolume === null || toDec(line.minVolume).isZero()
        ? null
        : fromDec(toDec(line.minVolume)),
    markUp: fromDec(toDec(line.markUp)),
    transactionFee: fromDec(toDec(line.transactionFee)),
  }));
}

const VERSION_COLUMNS = sql`v.scenario_id, v.version, v.name, v.valid_from::text as valid_from,
  v.valid_until::text as valid_until, v.effective_at, v.created_at, u.username as created_by`;

interface VersionRow {
  scenario_id: number;
  version: number;
  name: string;
  valid_from: string;
  valid_until: string | null;
  effective_at: Date | string;
  created_at: Date | string;
  created_by: string | null;
  lines?: StoredMarginLine[];
}

function iso(at: Date | string): string {
  return new Date(at).toISOString();
}

function versionView(row: VersionRow): Omit<ScenarioVersion, 'lines'> {
  return {
    scenarioId: row.scenario_id,
    version: row.version,
    name: row.name,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    effectiveAt: iso(row.effective_at),
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
  };
}

/** One version with its grid; undefined when the scenario or version does not exist. */
export async function findVersion(
  db: Db,
  scenarioId: number,
  version: number | 'latest',
): Promise<ScenarioVersion | undefined> {
  const which =
    version === 'latest'
      ? sql`v.version = (select max(version) from margin_scenario_versions
          where scenario_id = ${scenarioId})`
      : sql`v.version = ${version}`;
  const result = await sql<VersionRow & { lines: StoredMarginLine[] }>`
    select ${VERSION_COLUMNS}, v.lines from margin_scenario_versions v
    left join users u on u.id = v.created_by
    where v.scenario_id = ${scenarioId} and ${which}`.execute(db);
  const row = result.rows[0];
  return row ? { ...versionView(row), lines: row.lines } : undefined;
}

/** Every version of a scenario, newest first, without grids. */
export async function listVersions(
  db: Db,
  scenarioId: number,
): Promise<Omit<ScenarioVersion, 'lines'>[]> {
  const result = await sql<VersionRow>`
    select ${VERSION_COLUMNS} from margin_scenario_versions v
    left join users u on u.id = v.created_by
    where v.scenario_id = ${scenarioId} order by v.version desc`.execute(db);
  return result.rows.map(versionView);
}

/** Scenarios by name of their newest version, with how many customers and contracts they price. */
export async function listScenarios(
  db: Db,
  query: { page: number; size: number; search?: string | undefined },
): Promise<{ rows: ScenarioSummary[]; total: number }> {
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const filter = search === null ? sql`true` : sql`v.name ilike ${search}`;
  const result = await sql<VersionRow & { customers: string; contracts: string; total: string }>`
    select ${VERSION_COLUMNS},
      (select count(*) from margin_scenario_customers m where m.scenario_id = v.scenario_id)
        as customers,
      (select count(*) from contracts c where c.margin_scenario_id = v.scenario_id) as contracts,
      count(*) over () as total
    from margin_scenario_versions v
    left join users u on u.id = v.created_by
    where v.version = (select max(version) from margin_scenario_versions x
        where x.scenario_id = v.scenario_id)
      and ${filter}
    order by lower(v.name), v.scenario_id
    limit ${query.size} offset ${query.page * query.size}`.execute(db);
  return {
    total: Number(result.rows[0]?.total ?? 0),
    rows: result.rows.map((row) => ({
      id: row.scenario_id,
      name: row.name,
      version: row.version,
      validFrom: row.valid_from,
      validUntil: row.valid_until,
      effectiveAt: iso(row.effective_at),
      customers: Number(row.customers),
      contracts: Number(row.contracts),
    })),
  };
}

/** The customers and contracts a scenario is assigned to. */
export async function assignmentsOf(
  db: Db,
  scenarioId: number,
): Promise<{ customers: { id: number; name: string }[]; contracts: AssignedContract[] }> {
  const customers = await db
    .selectFrom('margin_scenario_customers as m')
    .innerJoin('customers as c', 'c.id', 'm.customer_id')
    .select(['c.id', 'c.name'])
    .where('m.scenario_id', '=', scenarioId)
    .orderBy('c.name')
    .execute();
  const contracts = await contractQuery(db)
    .where('k.margin_scenario_id', '=', scenarioId)
    .orderBy('k.contract_id')
    .execute();
  return { customers, contracts };
}

function contractQuery(db: Db) {
  return db
    .selectFrom('contracts as k')
    .innerJoin('customers as c', 'c.id', 'k.customer_id')
    .select([
      'k.id',
      'k.contract_id as contractId',
      'c.name as customerName',
      'k.commodity',
      'k.customer_id as customerId',
    ]);
}

/** Contracts whose Contract-ID or customer name holds the text, for the assignment picker. */
export async function searchContracts(
  db: Db,
  search: string | undefined,
): Promise<AssignedContract[]> {
  let query = contractQuery(db);
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or([eb('k.contract_id', 'ilike', pattern), eb('c.name', 'ilike', pattern)]),
    );
  }
  const rows = await query.orderBy('k.contract_id').limit(20).execute();
  return rows.map(({ customerId: _customerId, ...row }) => row);
}

/** The customers of the given contracts (the audit row names them). */
export async function customersOfContracts(
  db: Db,
  contractIds: readonly number[],
): Promise<{ id: number; customerId: number }[]> {
  if (contractIds.length === 0) return [];
  return db
    .selectFrom('contracts')
    .select(['id', 'customer_id as customerId'])
    .where('id', 'in', [...contractIds])
    .execute();
}

export async function listPricingIds(db: Db): Promise<PricingId[]> {
  const rows = await db
    .selectFrom('pricing_ids')
    .select(['product', 'part', 'market_product as marketProduct'])
    .orderBy(sql`product = '*'`, 'desc')
    .orderBy('product')
    .orderBy('part')
    .execute();
  return rows;
}

/** Locks the scenario row, so two editors cannot both write version n + 1; false if there is none. */
export async function lockScenario(db: Db, scenarioId: number): Promise<boolean> {
  const scenario = await db
    .selectFrom('margin_scenarios')
    .select('id')
    .where('id', '=', scenarioId)
    .forUpdate()
    .executeTakeFirst();
  return scenario !== undefined;
}

export async function insertScenario(db: Db, at: Date): Promise<number> {
  const { id } = await db
    .insertInto('margin_scenarios')
    .values({ created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertVersion(
  db: Db,
  version: {
    scenarioId: number;
    version: number;
    draft: MarginDraft;
    effectiveAt: Date;
    at: Date;
    createdBy: number;
  },
): Promise<void> {
  const { draft } = version;
  await db
    .insertInto('margin_scenario_versions')
    .values({
      scenario_id: version.scenarioId,
      version: version.version,
      name: draft.name,
      valid_from: draft.validFrom,
      valid_until: draft.validUntil,
      effective_at: version.effectiveAt,
      lines: JSON.stringify(storedLines(draft)),
      created_at: version.at,
      created_by: version.createdBy,
    })
    .execute();
}

/** The ids of the scenario's customers. */
export async function scenarioCustomerIds(db: Db, scenarioId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('margin_scenario_customers')
    .select('customer_id')
    .where('scenario_id', '=', scenarioId)
    .execute();
  return rows.map((row) => row.customer_id);
}

/** How many of these customers exist. */
export async function countCustomers(db: Db, customerIds: readonly number[]): Promise<number> {
  if (customerIds.length === 0) return 0;
  const rows = await db
    .selectFrom('customers')
    .select('id')
    .where('id', 'in', [...customerIds])
    .execute();
  return rows.length;
}

/** The scenario prices exactly these customers; each of them leaves the scenario it had. */
export async function assignCustomers(
  db: Db,
  scenarioId: number,
  customerIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('margin_scenario_customers').where('scenario_id', '=', scenarioId).execute();
  if (customerIds.length === 0) return;
  await db
    .insertInto('margin_scenario_customers')
    .values(customerIds.map((id) => ({ customer_id: id, scenario_id: scenarioId })))
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ scenario_id: scenarioId }))
    .execute();
}

export async function replacePricingIds(db: Db, rows: readonly PricingId[]): Promise<void> {
  await db.deleteFrom('pricing_ids').execute();
  await db
    .insertInto('pricing_ids')
    .values(
      rows.map((row) => ({
        product: row.product,
        part: row.part,
        market_product: row.marketProduct,
      })),
    )
    .execute();
}

/** A contract's own terms, as the margin preview prices it. */
export async function findPreviewContract(db: Db, contractRowId: number) {
  return db
    .selectFrom('contracts')
    .select([
      'id',
      'contract_id as contractId',
      'commodity',
      'product',
      'mark_up as markUp',
      'transaction_fee as transactionFee',
      'off_peak_mark_up as offPeakMarkUp',
      'off_peak_transaction_fee as offPeakTransactionFee',
    ])
    .where('id', '=', contractRowId)
    .executeTakeFirst();
}
