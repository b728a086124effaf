import { sql } from 'kysely';
import type { HedgePoint } from '@klik/domain';
import type { Db } from '../../db/database';

export interface PolicyRow {
  id: number;
  contractRowId: number;
  yearOfSupply: number;
  points: HedgePoint[];
}

function rowOf(row: {
  id: number;
  contract_id: number;
  year_of_supply: number;
  points: HedgePoint[] | string;
}): PolicyRow {
  return {
    id: row.id,
    contractRowId: row.contract_id,
    yearOfSupply: row.year_of_supply,
    points: typeof row.points === 'string' ? (JSON.parse(row.points) as HedgePoint[]) : row.points,
  };
}

export async function findPolicies(db: Db, contractIds: readonly number[]): Promise<PolicyRow[]> {
  if (contractIds.length === 0) return [];
  const rows = await db
    .selectFrom('hedge_policies')
    .select(['id', 'contract_id', 'year_of_supply', 'points'])
    .where('contract_id', 'in', contractIds)
    .execute();
  return rows.map(rowOf);
}

/** The policies of active customers for years from `fromYear` on: what the check looks at. */
export async function findPoliciesToCheck(
  db: Db,
  fromYear: number,
): Promise<(PolicyRow & { customerId: number })[]> {
  const rows = await db
    .selectFrom('hedge_policies as p')
    .innerJoin('contracts as c', 'c.id', 'p.contract_id')
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .select(['p.id', 'p.contract_id', 'p.year_of_supply', 'p.points', 'c.customer_id'])
    .where('p.year_of_supply', '>=', fromYear)
    .where('cu.active', '=', true)
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({ ...rowOf(row), customerId: row.customer_id }));
}

export async function upsertPolicy(
  db: Db,
  values: { contractRowId: number; yearOfSupply: number; points: HedgePoint[]; at: Date },
): Promise<void> {
  const points = JSON.stringify(values.points);
  await db
    .insertInto('hedge_policies')
    .values({
      contract_id: values.contractRowId,
      year_of_supply: values.yearOfSupply,
      points,
      created_at: values.at,
      updated_at: values.at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['contract_id', 'year_of_supply'])
        .doUpdateSet({ points, updated_at: values.at }),
    )
    .execute();
}

export async function deletePolicy(
  db: Db,
  contractRowId: number,
  yearOfSupply: number,
): Promise<PolicyRow | undefined> {
  const row = await db
    .deleteFrom('hedge_policies')
    .where('contract_id', '=', contractRowId)
    .where('year_of_supply', '=', yearOfSupply)
    .returning(['id', 'contract_id', 'year_of_supply', 'points'])
    .executeTakeFirst();
  return row ? rowOf(row) : undefined;
}

/** Records that a point's behind-notification went out; false when it had already. */
export async function recordAlert(
  db: Db,
  policyId: number,
  pointDate: string,
  at: Date,
): Promise<boolean> {
  const result = await sql<{ policy_id: number }>`
    insert into hedge_policy_alerts (policy_id, point_date, sent_at)
    values (${policyId}, ${pointDate}::date, ${at})
    on conflict do nothing
    returning policy_id`.execute(db);
  return result.rows.length > 0;
}
