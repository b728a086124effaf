import { setTimeout } from 'node:timers/promises';
import type { Db } from '../../db/database';
import { readNewPrices, type WatchedPrice } from './price-watch';

/**
 * The prices a watcher would read next, once at least `count` are readable. A watcher reads only
 * below the oldest transaction still running, and on a shared PostgreSQL server that may be a
 * transaction of another test file's database (transaction ids are the server's): such a test
 * waits for it to end instead of finding nothing. Gives up after `waitMs` with what it has.
 */
export async function readablePrices(
  db: Db,
  watcherName: string,
  count: number,
  waitMs = 30_000,
): Promise<WatchedPrice[]> {
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    const { prices } = await readNewPrices(db, watcherName);
    if (prices.length >= count || Date.now() > giveUpAt) return prices;
    await setTimeout(20);
  }
}
