import { sql } from 'kysely';
import type { HedgePoint } from '@klik/domain';
import type { Db } from '../../db/database';

/*
 * What the risk figures read beside the positions' and budgets' exports (docs/risk.md). Reads only:
 * the risk module owns no table. It reads other modules' tables joined to the contracts of the
 * customers asked for (decision 016): the months with open volume (position_months), the budgets'
 * upper bands, the hedge policies' points, and the daily closes of market_prices.
 */

/** A contract of one of the customers. */
export interface RiskContractRow {
  contractRowId: number;
  customerId: number;
}

export async function findRiskContracts(
  db: Db,
  customerIds: readonly number[],
  dashboardId?: number,
): Promise<RiskContractRow[]> {
  if (customerIds.length === 0) return [];
  let query = db
    .selectFrom('contracts')
    .select(['contracts.id', 'contracts.customer_id'])
    .where('contracts.customer_id', 'in', customerIds);
  if (dashboardId !== undefined) {
    query = query
      .innerJoin('dashboard_contracts', 'dashboard_contracts.contract_id', 'contracts.id')
      .where('dashboard_contracts.dashboard_id', '=', dashboardId);
  }
  const rows = await query.orderBy('contracts.contract_id').execute();
  return rows.map((row) => ({ contractRowId: row.id, customerId: row.customer_id }));
}

/** Whether the dashboard is one of the customer's. */
export async function isCustomersDashboard(
  db: Db,
  customerId: number,
  dashboardId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('dashboards')
    .select('id')
    .where('id', '=', dashboardId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Per contract and year of supply from `fromYear` on: the months with open volume (1-12). */
export async function findOpenMonths(
  db: Db,
  contractRowIds: readonly number[],
  fromYear: number,
): Promise<Map<string, Set<number>>> {
  const open = new Map<string, Set<number>>();
  if (contractRowIds.length === 0) return open;
  const rows = await db
    .selectFrom('position_months')
    .select(['contract_id', 'year_of_supply', 'month'])
    .distinct()
    .where('contract_id', 'in', contractRowIds)
    .where('year_of_supply', '>=', fromYear)
    .where(sql<boolean>`total_volume > clicked_volume`)
    .execute();
  for (const row of rows) {
    const key = `${row.contract_id}/${row.year_of_supply}`;
    const months = open.get(key) ?? new Set<number>();
    months.add(row.month);
    open.set(key, months);
  }
  return open;
}

/** Per contract and year of supply: the budget's upper band (EUR/MWh) and the hedge policy. */
export interface PlanRow {
  contractRowId: number;
  yearOfSupply: number;
  upperBound: string | null;
  points: HedgePoint[] | null;
}

export async function findPlans(db: Db, contractRowIds: readonly number[]): Promise<PlanRow[]> {
  if (contractRowIds.length === 0) return [];
  const [budgets, policies] = await Promise.all([
    db
      .selectFrom('budgets as b')
      .innerJoin('contracts as c', 'c.id', 'b.contract_id')
      .select(['b.contract_id', 'b.year_of_supply', sql<string>`b.upper_bound::text`.as('upper')])
      .where('b.contract_id', 'in', contractRowIds)
      .execute(),
    db
      .selectFrom('hedge_policies as h')
      .innerJoin('contracts as c', 'c.id', 'h.contract_id')
      .select(['h.contract_id', 'h.year_of_supply', 'h.points'])
      .where('h.contract_id', 'in', contractRowIds)
      .execute(),
  ]);
  const plans = new Map<string, PlanRow>();
  const planOf = (contractRowId: number, yearOfSupply: number) => {
    const key = `${contractRowId}/${yearOfSupply}`;
    const plan = plans.get(key) ?? { contractRowId, yearOfSupply, upperBound: null, points: null };
    plans.set(key, plan);
    return plan;
  };
  for (const row of budgets) planOf(row.contract_id, row.year_of_supply).upperBound = row.upper;
  for (const row of policies) planOf(row.contract_id, row.year_of_supply).points = row.points;
  return [...plans.values()];
}

/** The last OTC year price of one Amsterdam day of one product and year of supply. */
export interface DailyCloseRow {
  product: string;
  yearOfSupply: number;
  day: string;
  price: string;
}

/**
 * The daily closes of the OTC year instruments of the given products from `from` (inclusive) to
 * `before` (exclusive): per product, year of supply and Amsterdam day the price quoted last.
 */
export async function findDailyCloses(
  db: Db,
  products: readonly string[],
  from: Date,
  before: Date,
): Promise<DailyCloseRow[]> {
  const result = await sql<{
    product: string;
    year_of_supply: number;
    day: string;
    price: string;
  }>`
    select distinct on (product, year_of_supply, day)
      product, year_of_supply, day, price::text as price
    from (
      select product, year_of_supply, price, at, id,
        to_char(at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as day
      from market_prices
      where maturity = 'Y' and market = 'OTC'
        and product in (${sql.join(products)})
        and at >= ${from} and at < ${before}
    ) as quotes
    order by product, year_of_supply, day, at desc, id desc`.execute(db);
  return result.rows.map((row) => ({
    product: row.product,
    yearOfSupply: row.year_of_supply,
    day: row.day,
    price: row.price,
  }));
}
