import { sql } from 'kysely';
import { fromDec, toDec, type BudgetZone, type ContractPartName } from '@klik/domain';
import type { Db } from '../../db/database';

export interface BudgetRow {
  id: number;
  contractRowId: number;
  yearOfSupply: number;
  budgetPrice: string;
  lowerBound: string;
  upperBound: string;
  lastZone: BudgetZone | null;
  updatedAt: Date;
}

const COLUMNS = [
  'id',
  'contract_id',
  'year_of_supply',
  sql<string>`budget_price::text`.as('budget_price'),
  sql<string>`lower_bound::text`.as('lower_bound'),
  sql<string>`upper_bound::text`.as('upper_bound'),
  'last_zone',
  'updated_at',
] as const;

function rowOf(row: {
  id: number;
  contract_id: number;
  year_of_supply: number;
  budget_price: string;
  lower_bound: string;
  upper_bound: string;
  last_zone: BudgetZone | null;
  updated_at: Date;
}): BudgetRow {
  return {
    id: row.id,
    contractRowId: row.contract_id,
    yearOfSupply: row.year_of_supply,
    budgetPrice: row.budget_price,
    lowerBound: row.lower_bound,
    upperBound: row.upper_bound,
    lastZone: row.last_zone,
    updatedAt: new Date(row.updated_at),
  };
}

export async function findBudgets(db: Db, contractIds: readonly number[]): Promise<BudgetRow[]> {
  if (contractIds.length === 0) return [];
  const rows = await db
    .selectFrom('budgets')
    .select(COLUMNS)
    .where('contract_id', 'in', contractIds)
    .execute();
  return rows.map(rowOf);
}

/** The budgets of the given years, for the watcher (every active customer). */
export async function findBudgetsOfYears(db: Db, years: readonly number[]): Promise<BudgetRow[]> {
  if (years.length === 0) return [];
  const rows = await db
    .selectFrom('budgets')
    .select(COLUMNS)
    .where('year_of_supply', 'in', years)
    .where('contract_id', 'in', (eb) =>
      eb
        .selectFrom('contracts as c')
        .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
        .select('c.id')
        .where('cu.active', '=', true),
    )
    .orderBy('id')
    .execute();
  return rows.map(rowOf);
}

/** The budget row locked for its evaluation; undefined when it was deleted meanwhile. */
export async function lockBudget(db: Db, id: number): Promise<BudgetRow | undefined> {
  const row = await db
    .selectFrom('budgets')
    .select(COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? rowOf(row) : undefined;
}

export async function upsertBudget(
  db: Db,
  values: {
    contractRowId: number;
    yearOfSupply: number;
    budgetPrice: string;
    lowerBound: string;
    upperBound: string;
    at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('budgets')
    .values({
      contract_id: values.contractRowId,
      year_of_supply: values.yearOfSupply,
      budget_price: values.budgetPrice,
      lower_bound: values.lowerBound,
      upper_bound: values.upperBound,
      created_at: values.at,
      updated_at: values.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['contract_id', 'year_of_supply']).doUpdateSet({
        budget_price: values.budgetPrice,
        lower_bound: values.lowerBound,
        upper_bound: values.upperBound,
        updated_at: values.at,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteBudget(
  db: Db,
  contractRowId: number,
  yearOfSupply: number,
): Promise<BudgetRow | undefined> {
  const row = await db
    .deleteFrom('budgets')
    .where('contract_id', '=', contractRowId)
    .where('year_of_supply', '=', yearOfSupply)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? rowOf(row) : undefined;
}

/** Stores where the expected price stands and the day's point of the chart. */
export async function recordEvaluation(
  db: Db,
  budgetId: number,
  values: { zone: BudgetZone; expectedPrice: string; day: string; at: Date },
): Promise<void> {
  await db
    .updateTable('budgets')
    .set({
      last_zone: values.zone,
      last_expected_price: values.expectedPrice,
      evaluated_at: values.at,
    })
    .where('id', '=', budgetId)
    .execute();
  await db
    .insertInto('budget_expected_prices')
    .values({
      budget_id: budgetId,
      day: values.day,
      expected_price: values.expectedPrice,
      at: values.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['budget_id', 'day']).doUpdateSet({
        expected_price: values.expectedPrice,
        at: values.at,
      }),
    )
    .execute();
}

/** The chart's points, oldest first (at most the last 400 days). */
export async function findHistory(
  db: Db,
  budgetId: number,
): Promise<{ day: string; expectedPrice: string }[]> {
  const rows = await db
    .selectFrom('budget_expected_prices')
    .select([sql<string>`day::text`.as('day'), sql<string>`expected_price::text`.as('price')])
    .where('budget_id', '=', budgetId)
    .orderBy('day', 'desc')
    .limit(400)
    .execute();
  return rows.reverse().map((row) => ({ day: row.day, expectedPrice: fromDec(toDec(row.price)) }));
}

/** The contracts of a customer (internal ids), ordered by Contract-ID. */
export async function contractIdsOfCustomer(db: Db, customerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('contracts')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('contract_id')
    .execute();
  return rows.map((row) => row.id);
}

/** A customer's contract by its Contract-ID; undefined when the customer has none such. */
export async function findCustomerContract(
  db: Db,
  customerId: number,
  contractId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('contracts')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
  return row?.id;
}

/** Per contract, year of supply and part: the volume, what is clicked and its cost. */
export async function yearTotals(
  db: Db,
  contractIds: readonly number[],
  years?: readonly number[],
) {
  const totals = await sql<{
    contract_id: number;
    year_of_supply: number;
    part: ContractPartName;
    total_volume: string;
    clicked_volume: string;
    clicked_cost: string;
  }>`
    select contract_id, year_of_supply, part, sum(total_volume) as total_volume,
      sum(clicked_volume) as clicked_volume, sum(clicked_cost) as clicked_cost
    from position_months
    where contract_id in (${sql.join(contractIds)})
      ${years ? sql`and year_of_supply in (${sql.join(years)})` : sql``}
    group by contract_id, year_of_supply, part`.execute(db);
  return totals.rows;
}
