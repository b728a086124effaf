import { sql } from 'kysely';
import type { Maturity } from '@klik/domain';
import type { MarketProduct } from '../../db/schema';
import type { Db } from '../../db/database';

/*
 * The SQL of the price watch (price-watch.ts, docs/realtime.md): the watchers' cursors in
 * price_watch_cursors and the prices of market_prices past them, in (tx, id) order.
 */

/** Where a watcher has read up to: a transaction id (xid8) and a price id, as strings. */
export interface PriceCursor {
  tx: string;
  priceId: string;
}

/** A row of market_prices as the watch reads it (ids and price as text). */
export interface RecordedPriceRow {
  id: string;
  tx: string;
  product: MarketProduct;
  year_of_supply: number;
  maturity: Maturity;
  market: 'OTC' | 'ICE';
  price: string;
  at: Date;
}

/**
 * The oldest transaction still running (xid8 as text): every transaction below it has ended, so
 * no price can still commit below it.
 */
export async function snapshotHorizon(db: Db): Promise<string> {
  const horizon = await sql<{
    horizon: string;
  }>`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`.execute(db);
  return horizon.rows[0]?.horizon ?? '0';
}

/** The prices recorded after the cursor by transactions below `upTo`, in (tx, id) order. */
export async function findPricesAfter(
  db: Db,
  cursor: PriceCursor,
  upTo: string,
  limit: number,
): Promise<RecordedPriceRow[]> {
  const rows = await sql<RecordedPriceRow>`
    select id::text as id, tx::text as tx, product, year_of_supply, maturity, market,
      price::text as price, at
    from market_prices
    where (tx, id) > (${cursor.tx}::xid8, ${cursor.priceId}::bigint) and tx < ${upTo}::xid8
    order by tx, id
    limit ${limit}`.execute(db);
  return rows.rows;
}

/** The price recorded last, in the watch's (tx, id) order; undefined when there is none. */
export async function findNewestPrice(db: Db): Promise<PriceCursor | undefined> {
  const rows = await sql<{ tx: string; id: string }>`
    select tx::text as tx, id::text as id from market_prices order by tx desc, id desc limit 1`.execute(
    db,
  );
  const newest = rows.rows[0];
  return newest ? { tx: newest.tx, priceId: newest.id } : undefined;
}

/** The watcher's cursor, or undefined before its first round. */
export async function findCursor(db: Db, name: string): Promise<PriceCursor | undefined> {
  const known = await db
    .selectFrom('price_watch_cursors')
    .select(['tx', 'price_id'])
    .where('name', '=', name)
    .executeTakeFirst();
  return known ? { tx: String(known.tx), priceId: String(known.price_id) } : undefined;
}

/**
 * Starts the watcher's cursor at the oldest transaction still running, so it reads the prices
 * recorded from now on and not the history; a cursor another instance started first stays.
 */
export async function startCursor(db: Db, name: string): Promise<void> {
  await sql`insert into price_watch_cursors (name, tx, price_id)
    select ${name}, pg_snapshot_xmin(pg_current_snapshot()), 0
    on conflict (name) do nothing`.execute(db);
}

/** Moves the watcher's cursor past the prices it handled. */
export async function advanceCursor(
  db: Db,
  name: string,
  next: PriceCursor,
  now: Date,
): Promise<void> {
  await sql`update price_watch_cursors
    set tx = ${next.tx}::xid8, price_id = ${next.priceId}::bigint, updated_at = ${now}
    where name = ${name}`.execute(db);
}
