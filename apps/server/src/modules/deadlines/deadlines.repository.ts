import { sql } from 'kysely';
import {
  isMaturity,
  MATURITIES,
  monthsOf,
  type ClickType,
  type ContractPartName,
  type DeadlineRule,
  type Maturity,
} from '@klik/domain';
import type { Db } from '../../db/database';

/** A customer whose deadlines are read, and whether the caller may click for it. */
export interface DeadlineCustomer {
  id: number;
  name: string;
  mayClick: boolean;
}

/** One part of one position (contract, year of supply, maturity): its sums over the months. */
export interface PositionPartRow {
  contractRowId: number;
  contractId: string;
  customerId: number;
  commodity: 'Power' | 'Gas';
  product: string;
  clickType: ClickType;
  deadlineRule: DeadlineRule;
  yearOfSupply: number;
  maturity: Maturity;
  part: ContractPartName;
  totalVolume: string;
  clickedVolume: string;
}

// Which months make up each maturity, from the domain, as an SQL VALUES list.
const MATURITY_MONTHS = sql.join(
  MATURITIES.flatMap((maturity) =>
    monthsOf(maturity).map((month) => sql`(${sql.lit(maturity)}, ${sql.lit(month)})`),
  ),
);

/**
 * Every position part of the customers' contracts from a year of supply on: per contract, year,
 * maturity and part the volume and what of it is clicked, summed over the maturity's months.
 * Pending and in-progress clicks already hold their volume in the ledger, so they count as
 * clicked (as on the dashboard and in the reminders).
 */
export async function findPositionParts(
  db: Db,
  customerIds: readonly number[],
  fromYear: number,
): Promise<PositionPartRow[]> {
  if (customerIds.length === 0) return [];
  const result = await sql<{
    id: number;
    contract_id: string;
    customer_id: number;
    commodity: 'Power' | 'Gas';
    product: string;
    click_type: ClickType;
    deadline_rule: DeadlineRule;
    year_of_supply: number;
    maturity: string;
    part: ContractPartName;
    total_volume: string;
    clicked_volume: string;
  }>`
    with maturity_months (maturity, month) as (values ${MATURITY_MONTHS})
    select c.id, c.contract_id, c.customer_id, c.commodity, c.product, c.click_type,
      c.deadline_rule, pm.year_of_supply, mm.maturity, pm.part,
      sum(pm.total_volume)::text as total_volume, sum(pm.clicked_volume)::text as clicked_volume
    from position_months pm
    join maturity_months mm on mm.month = pm.month
    join contracts c on c.id = pm.contract_id
    where c.customer_id in (${sql.join(customerIds)}) and pm.year_of_supply >= ${fromYear}
    group by c.id, pm.year_of_supply, mm.maturity, pm.part`.execute(db);
  return result.rows.flatMap((row) =>
    isMaturity(row.maturity)
      ? [
          {
            contractRowId: row.id,
            contractId: row.contract_id,
            customerId: row.customer_id,
            commodity: row.commodity,
            product: row.product,
            clickType: row.click_type,
            deadlineRule:
              typeof row.deadline_rule === 'string'
                ? (JSON.parse(row.deadline_rule) as DeadlineRule)
                : row.deadline_rule,
            yearOfSupply: row.year_of_supply,
            maturity: row.maturity,
            part: row.part,
            totalVolume: row.total_volume,
            clickedVolume: row.clicked_volume,
          },
        ]
      : [],
  );
}

/**
 * The user's active customers with the link's click right (not read-only, click-authorised; the
 * user's own flags are checked apart), optionally one of them only.
 */
export async function findLinkedCustomers(
  db: Db,
  userId: number,
  customerId?: number,
): Promise<DeadlineCustomer[]> {
  let query = db
    .selectFrom('user_customers as uc')
    .innerJoin('customers as c', 'c.id', 'uc.customer_id')
    .select(['c.id', 'c.name', 'uc.read_only', 'uc.click_authorized'])
    .where('uc.user_id', '=', userId)
    .where('c.active', '=', true);
  if (customerId !== undefined) query = query.where('c.id', '=', customerId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    mayClick: !row.read_only && row.click_authorized,
  }));
}

/** Any customer by id, for those who see every customer (administrators). */
export async function findCustomer(
  db: Db,
  customerId: number,
): Promise<{ id: number; name: string; active: boolean } | undefined> {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'active'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

/** The calendar feed of a user, if they have one. */
export async function findFeedOfUser(
  db: Db,
  userId: number,
): Promise<{ createdAt: Date } | undefined> {
  const row = await db
    .selectFrom('deadline_calendar_feeds')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { createdAt: row.created_at };
}

/** The enabled user a feed token's digest belongs to, with the locale the feed speaks. */
export async function findFeedUser(
  db: Db,
  tokenHash: string,
): Promise<{ id: number; locale: string } | undefined> {
  return db
    .selectFrom('deadline_calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.locale'])
    .where('f.token_hash', '=', tokenHash)
    .where('u.disabled', '=', false)
    .executeTakeFirst();
}

/** Removes the user's calendar feed, so its URL stops working; answers whether there was one. */
export async function deleteFeedOfUser(db: Db, userId: number): Promise<boolean> {
  const removed = await db
    .deleteFrom('deadline_calendar_feeds')
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  return removed !== undefined;
}

/** Stores a user's calendar feed by its token's digest; the token itself is never kept. */
export async function insertFeed(
  db: Db,
  feed: { userId: number; tokenHash: string; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('deadline_calendar_feeds')
    .values({ user_id: feed.userId, token_hash: feed.tokenHash, created_at: feed.createdAt })
    .execute();
}
