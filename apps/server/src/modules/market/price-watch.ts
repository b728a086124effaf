import { sql } from 'kysely';
import type { Maturity } from '@klik/domain';
import type { MarketProduct } from '../../db/schema';
import type { Db } from '../../db/database';
import type { LeaderLock } from '../../kernel/jobs/leader-lock';
import { LeaderLoop } from '../../kernel/jobs/leader-loop';
import { plainDecimal } from './market.repository';

/** A price as it entered the portal (a row of market_prices). */
export interface WatchedPrice {
  /** market_prices.id (bigint as a string). */
  id: string;
  product: MarketProduct;
  yearOfSupply: number;
  maturity: Maturity;
  market: 'OTC' | 'ICE';
  /** EUR/MWh, a plain decimal ("98.45"). */
  price: string;
  /** When the market quoted it. */
  at: Date;
}

/**
 * Something that acts on every price that enters the portal (price alerts, budgets, standing
 * orders). It gets the prices in the order they were recorded, each exactly once in the normal
 * run; after a crash between its work and the cursor's advance it gets the same prices again, so
 * whatever it does must be idempotent (a state it keeps per alert, an idempotency key per order).
 */
export interface PriceWatcher {
  /** Names its cursor (price_watch_cursors.name). */
  readonly name: string;
  /** The advisory lock that keeps it on one instance (docs/realtime.md lists the keys). */
  readonly lockKey: bigint;
  /** Acts on a batch of new prices, oldest first; throwing leaves them to be read again. */
  handle(prices: readonly WatchedPrice[], now: Date): Promise<void>;
}

/** How many prices one round hands over at most; a backlog is worked through round after round. */
export const PRICE_WATCH_BATCH = 5000;

interface Cursor {
  tx: string;
  priceId: string;
}

/**
 * Reads the prices that entered since the cursor, up to the oldest transaction still running:
 * every transaction below that horizon has ended, so no price committed later can be ordered
 * before the cursor (ids alone can: they are taken before commit). Answers the prices in (tx, id)
 * order and where the cursor goes once they are handled.
 */
export async function readNewPrices(
  db: Db,
  name: string,
  limit: number = PRICE_WATCH_BATCH,
): Promise<{ prices: WatchedPrice[]; next: Cursor | null }> {
  const cursor = await cursorOf(db, name);
  const horizon = await sql<{
    horizon: string;
  }>`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`.execute(db);
  const upTo = horizon.rows[0]?.horizon ?? '0';
  const rows = await sql<{
    id: string;
    tx: string;
    product: MarketProduct;
    year_of_supply: number;
    maturity: Maturity;
    market: 'OTC' | 'ICE';
    price: string;
    at: Date;
  }>`select id::text as id, tx::text as tx, product, year_of_supply, maturity, market,
      price::text as price, at
    from market_prices
    where (tx, id) > (${cursor.tx}::xid8, ${cursor.priceId}::bigint) and tx < ${upTo}::xid8
    order by tx, id
    limit ${limit}`.execute(db);
  const last = rows.rows.at(-1);
  return {
    prices: rows.rows.map((row) => ({
      id: row.id,
      product: row.product,
      yearOfSupply: row.year_of_supply,
      maturity: row.maturity,
      market: row.market,
      price: plainDecimal(row.price),
      at: new Date(row.at),
    })),
    next: last ? { tx: last.tx, priceId: last.id } : null,
  };
}

/** A new watcher starts at the prices recorded from now on; it does not replay the history. */
async function cursorOf(db: Db, name: string): Promise<Cursor> {
  const known = await db
    .selectFrom('price_watch_cursors')
    .select(['tx', 'price_id'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (known) return { tx: String(known.tx), priceId: String(known.price_id) };
  await sql`insert into price_watch_cursors (name, tx, price_id)
    select ${name}, pg_snapshot_xmin(pg_current_snapshot()), 0
    on conflict (name) do nothing`.execute(db);
  return cursorOf(db, name);
}

async function advance(db: Db, name: string, next: Cursor, now: Date): Promise<void> {
  await sql`update price_watch_cursors
    set tx = ${next.tx}::xid8, price_id = ${next.priceId}::bigint, updated_at = ${now}
    where name = ${name}`.execute(db);
}

/**
 * Runs one watcher on the one instance that holds its lock: a round reads the new prices, hands
 * them over and moves the cursor past them. Rounds run on a timer and whenever prices are
 * recorded (poke), so a watcher reacts to a tick at once and still catches up after a restart
 * or a lost bus message.
 */
export class PriceWatch {
  readonly #loop: LeaderLoop<number>;

  constructor(
    private readonly deps: {
      db: Db;
      watcher: PriceWatcher;
      lock: LeaderLock;
      now: () => Date;
      intervalMs: number;
      log: {
        info: (details: object, message: string) => void;
        error: (details: object, message: string) => void;
      };
    },
  ) {
    this.#loop = new LeaderLoop<number>({
      name: `price watch ${deps.watcher.name}`,
      lock: deps.lock,
      intervalMs: deps.intervalMs,
      round: () => this.#round(),
      idle: () => 0,
      log: deps.log,
    });
  }

  get name(): string {
    return this.deps.watcher.name;
  }

  /** Whether this instance runs the job now (holds its lock). */
  get leading(): boolean {
    return this.#loop.leading;
  }

  start(): void {
    this.#loop.start();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** One round now (a round under way is joined); answers how many prices it handled. */
  round(): Promise<number> {
    return this.#loop.tick();
  }

  /** Works through every price recorded so far; for tests and a clean stop. */
  async drain(): Promise<number> {
    // A round already under way may have read before the latest prices: let it end first.
    let total = await this.round();
    for (;;) {
      const handled = await this.round();
      total += handled;
      if (handled === 0) return total;
    }
  }

  async #round(): Promise<number> {
    const { db, watcher, now } = this.deps;
    const { prices, next } = await readNewPrices(db, watcher.name);
    if (next === null) return 0;
    const at = now();
    await watcher.handle(prices, at);
    await advance(db, watcher.name, next, at);
    return prices.length;
  }
}
