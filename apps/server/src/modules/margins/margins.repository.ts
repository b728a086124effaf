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
