import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { MarketProduct, PartName } from '../../db/schema';
import type { ContractHead } from '../positions/positions.service';

/** A customer of the consultant, in the order the cockpit pages them. */
export interface TpiCustomerRow {
  id: number;
  name: string;
}

function consultantCustomers(db: Db, userId: number) {
  return db
    .selectFrom('user_customers as uc')
    .innerJoin('customers as c', 'c.id', 'uc.customer_id')
    .where('uc.user_id', '=', userId)
    .where('c.active', '=', true);
}

/** One of the consultant's active customers, or undefined when it is not theirs. */
export async function findConsultantCustomer(
  db: Db,
  userId: number,
  customerId: number,
): Promise<TpiCustomerRow | undefined> {
  return consultantCustomers(db, userId)
    .where('c.id', '=', customerId)
    .select(['c.id', 'c.name'])
    .executeTakeFirst();
}

/** The consultant's active customers by name then id, one page, and how many there are. */
export async function findConsultantCustomerPage(
  db: Db,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: TpiCustomerRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    consultantCustomers(db, userId)
      .select(['c.id', 'c.name'])
      .orderBy('c.name')
      .orderBy('c.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    consultantCustomers(db, userId)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: counted.n };
}

/**
 * One contract part in one year: its sums over the months, and which months still have open
 * volume (for the next deadline).
 */
export interface TpiPartYearRow {
  contractRowId: number;
  yearOfSupply: number;
  part: PartName;
  totalVolume: string;
  clickedVolume: string;
  clickedCost: string;
  openMonths: number[];
}

export interface TpiOfferRow {
  product: MarketProduct;
  yearOfSupply: number;
  price: string | null;
}

export interface TpiData {
  contracts: ContractHead[];
  partYears: TpiPartYearRow[];
  /** Pending approvals per `${contract id}/${year}`. */
  pending: Map<string, number>;
  /** The year products' OTC prices. */
  offers: TpiOfferRow[];
}

/**
 * Everything the cockpit shows for a set of customers in four queries whatever their number: the
 * contracts, the ledger summed per contract, year and part by the database, the pending
 * approvals, and the OTC year offers of the products and years in use.
 */
export async function findTpiData(
  db: Db,
  customerIds: readonly number[],
  /** The contracts' own fields as the positions read them (the positions' service). */
  headsOf: (db: Db, contractRowIds: readonly number[]) => Promise<ContractHead[]>,
): Promise<TpiData> {
  if (customerIds.length === 0) {
    return { contracts: [], partYears: [], pending: new Map(), offers: [] };
  }
  const ids = (
    await db.selectFrom('contracts').select('id').where('customer_id', 'in', customerIds).execute()
  ).map((row) => row.id);
  const contracts = (await headsOf(db, ids)).sort((x, y) =>
    x.contractId < y.contractId ? -1 : x.contractId > y.contractId ? 1 : 0,
  );
  if (contracts.length === 0) {
    return { contracts, partYears: [], pending: new Map(), offers: [] };
  }
  const [ledger, pendingRows] = await Promise.all([
    sql<{
      contract_id: number;
      year_of_supply: number;
      part: PartName;
      total_volume: string;
      clicked_volume: string;
      clicked_cost: string;
      open_months: number[] | null;
    }>`
      select contract_id, year_of_supply, part,
        sum(total_volume) as total_volume,
        sum(clicked_volume) as clicked_volume,
        sum(clicked_cost) as clicked_cost,
        array_agg(month order by month) filter (where total_volume > clicked_volume) as open_months
      from position_months
      where contract_id in (${sql.join(ids)})
      group by contract_id, year_of_supply, part
    `.execute(db),
    db
      .selectFrom('clicks')
      .select(['contract_id', 'year_of_supply', sql<number>`count(*)::int`.as('n')])
      .where('contract_id', 'in', ids)
      .where('status', '=', 'PENDING_APPROVAL')
      .groupBy(['contract_id', 'year_of_supply'])
      .execute(),
  ]);
  const partYears = ledger.rows.map((row) => ({
    contractRowId: row.contract_id,
    yearOfSupply: row.year_of_supply,
    part: row.part,
    totalVolume: row.total_volume,
    clickedVolume: row.clicked_volume,
    clickedCost: row.clicked_cost,
    openMonths: row.open_months ?? [],
  }));
  const years = [...new Set(partYears.map((row) => row.yearOfSupply))];
  const offers =
    years.length === 0
      ? []
      : await db
          .selectFrom('market_offers')
          .select(['product', 'year_of_supply', 'price'])
          .where('maturity', '=', 'Y')
          .where('market', '=', 'OTC')
          .where('year_of_supply', 'in', years)
          .execute();
  return {
    contracts,
    partYears,
    pending: new Map(pendingRows.map((row) => [`${row.contract_id}/${row.year_of_supply}`, row.n])),
    offers: offers.map((row) => ({
      product: row.product,
      yearOfSupply: row.year_of_supply,
      price: row.price,
    })),
  };
}

/**
 * The active customer users of a customer whose every customer is the consultant's: whom the
 * consultant may sign in as (the login-as rule, auth.service.ts), by name.
 */
export async function findActableUsers(
  db: Db,
  consultantId: number,
  customerId: number,
): Promise<{ username: string; name: string; readOnly: boolean }[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_customers as uc', 'uc.user_id', 'u.id')
    .where('uc.customer_id', '=', customerId)
    .where('u.role', '=', 'customer')
    .where('u.disabled', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_customers as other')
            .select('other.customer_id')
            .whereRef('other.user_id', '=', 'u.id')
            .where(({ not: notInner, exists: existsInner, selectFrom: from }) =>
              notInner(
                existsInner(
                  from('user_customers as mine')
                    .select('mine.customer_id')
                    .where('mine.user_id', '=', consultantId)
                    .whereRef('mine.customer_id', '=', 'other.customer_id'),
                ),
              ),
            ),
        ),
      ),
    )
    .select(['u.username', 'u.name', 'u.read_only'])
    .orderBy('u.name')
    .orderBy('u.username')
    .execute();
  return rows.map((row) => ({ username: row.username, name: row.name, readOnly: row.read_only }));
}
