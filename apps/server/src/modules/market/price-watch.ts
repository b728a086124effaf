import { setTimeout } from 'node:timers/promises';
import type { Maturity } from '@klik/domain';
import type { MarketProduct } from '../../db/schema';
import type { Db } from '../../db/database';
import type { LeaderLock } from '../../kernel/jobs/leader-lock';
import { LeaderJob } from '../../kernel/jobs/leader-loop';
import { plainDecimal } from './market.repository';
import {
  advanceCursor,
  findCursor,
  findNewestPrice,
  findPricesAfter,
  snapshotHorizon,
  startCursor,
  type PriceCursor,
} from './price-watch.repository';

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
): Promise<{ prices: WatchedPrice[]; next: PriceCursor | null }> {
  const cursor = await cursorOf(db, name);
  const upTo = await snapshotHorizon(db);
  const rows = await findPricesAfter(db, cursor, upTo, limit);
  const last = rows.at(-1);
  return {
    prices: rows.map((row) => ({
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

/** Whether a cursor lies before a price in the watch's (tx, id) order. */
function isBefore(cursor: PriceCursor, price: PriceCursor): boolean {
  const [tx, priceTx] = [BigInt(cursor.tx), BigInt(price.tx)];
  return tx < priceTx || (tx === priceTx && BigInt(cursor.priceId) < BigInt(price.priceId));
}

/** A new watcher starts at the prices recorded from now on; it does not replay the history. */
async function cursorOf(db: Db, name: string): Promise<PriceCursor> {
  const known = await findCursor(db, name);
  if (known) return known;
  await startCursor(db, name);
  return cursorOf(db, name);
}

/**
 * Runs one watcher on the one instance that holds its lock: a round reads the new prices, hands
 * them over and moves the cursor past them. Rounds run on a timer and whenever prices are
 * recorded (poke), so a watcher reacts to a tick at once and still catches up after a restart
 * or a lost bus message.
 */
export class PriceWatch extends LeaderJob<number> {
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
    super({
      name: `price watch ${deps.watcher.name}`,
      lock: deps.lock,
      intervalMs: deps.intervalMs,
      idle: () => 0,
      log: deps.log,
    });
  }

  get name(): string {
    return this.deps.watcher.name;
  }

  /**
   * Works through every price recorded before the call; for tests. A round reads only below the
   * oldest transaction still running, and on a shared PostgreSQL server that may be another
   * database's (transaction ids are the server's): then the round finds nothing yet and drain
   * waits for that transaction to end, up to `waitMs`.
   */
  async drain({ waitMs = 30_000 }: { waitMs?: number } = {}): Promise<number> {
    const { db, watcher } = this.deps;
    const newest = await findNewestPrice(db);
    const giveUpAt = Date.now() + waitMs;
    // A round already under way may have read before the latest prices: let it end first.
    let total = await this.tick();
    for (;;) {
      const handled = await this.tick();
      total += handled;
      if (handled > 0) continue;
      const cursor = await findCursor(db, watcher.name);
      if (!newest || (cursor && !isBefore(cursor, newest)) || Date.now() > giveUpAt) return total;
      await setTimeout(20);
    }
  }

  /** One round: the new prices handed over and the cursor moved past them; how many there were. */
  protected async pass(): Promise<number> {
    const { db, watcher, now } = this.deps;
    const { prices, next } = await readNewPrices(db, watcher.name);
    if (next === null) return 0;
    const at = now();
    await watcher.handle(prices, at);
    await advanceCursor(db, watcher.name, next, at);
    return prices.length;
  }
}
