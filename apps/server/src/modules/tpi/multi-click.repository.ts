import type { MultiClickPreviewBody } from '@klik/api';
import type { Db } from '../../db/database';

/** The consultant's link to one customer; mayClick is the link's part of the mandate. */
export interface MandateRow {
  customerId: number;
  customerName: string;
  mayClick: boolean;
}

/** The consultant's links to the customers asked for; customers not linked are left out. */
export async function findMandates(
  db: Db,
  userId: number,
  customerIds: readonly number[],
): Promise<MandateRow[]> {
  const rows = await db
    .selectFrom('user_customers as uc')
    .innerJoin('customers as c', 'c.id', 'uc.customer_id')
    .select(['c.id', 'c.name', 'uc.read_only', 'uc.click_authorized'])
    .where('uc.user_id', '=', userId)
    .where('uc.customer_id', 'in', [...customerIds])
    .execute();
  return rows.map((row) => ({
    customerId: row.id,
    customerName: row.name,
    mayClick: !row.read_only && row.click_authorized,
  }));
}

export interface MatchingContract {
  customerId: number;
  contractId: string;
  product: string;
}

/** The customers' contracts of the commodity that hold volume in the year, by contract id. */
export async function findMatchingContracts(
  db: Db,
  customerIds: readonly number[],
  commodity: MultiClickPreviewBody['commodity'],
  yearOfSupply: number,
): Promise<MatchingContract[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .selectFrom('contracts as c')
    .select(['c.customer_id', 'c.contract_id', 'c.product'])
    .where('c.customer_id', 'in', [...customerIds])
    .where('c.commodity', '=', commodity)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('position_months as pm')
          .select('pm.contract_id')
          .whereRef('pm.contract_id', '=', 'c.id')
          .where('pm.year_of_supply', '=', yearOfSupply),
      ),
    )
    .orderBy('c.contract_id')
    .execute();
  return rows.map((row) => ({
    customerId: row.customer_id,
    contractId: row.contract_id,
    product: row.product,
  }));
}

/** Which customer and contract each of the user's quotes is for (others are left out). */
export async function findQuoteOwners(
  db: Db,
  userId: number,
  quoteIds: readonly string[],
): Promise<Map<string, { customerId: number; contractId: string }>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('purchase_quotes as q')
    .innerJoin('contracts as c', 'c.id', 'q.contract_id')
    .select(['q.id', 'c.customer_id', 'c.contract_id'])
    .where('q.user_id', '=', userId)
    .where('q.id', 'in', [...quoteIds])
    .execute();
  return new Map(
    rows.map((row) => [row.id, { customerId: row.customer_id, contractId: row.contract_id }]),
  );
}

/** The user's open quotes: unconfirmed, not given up, not expired. */
export async function countOpenQuotes(db: Db, userId: number, at: Date): Promise<number> {
  const row = await db
    .selectFrom('purchase_quotes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
