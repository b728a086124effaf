import { afterEach, describe, expect, it } from 'vitest';
import type { PriceQuote } from '@klik/api';
import { createDatabase } from '../../db/database';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { InProcessEventBus } from '../../kernel/events/event-bus';
import { SingleProcessLock } from '../../kernel/jobs/leader-lock';
import { insertPrices } from './market.repository';
import { PriceRecorder } from './price-recorder';
import { PriceWatch, readNewPrices, type PriceWatcher, type WatchedPrice } from './price-watch';
import { readablePrices } from './price-watch-test-kit';

const silent = { info: () => {}, error: () => {} };
let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

function quote(price: string, at: string): PriceQuote {
  return {
    product: 'TTF_GAS',
    yearOfSupply: 2027,
    maturity: 'Y',
    market: 'OTC',
    price,
    at,
  };
}

class Collector implements PriceWatcher {
  readonly name = 'test';
  readonly lockKey = 0x4b4c494bffn;
  readonly seen: WatchedPrice[] = [];
  failNext = false;
  async handle(prices: readonly WatchedPrice[]): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('watcher failed');
    }
    this.seen.push(...prices);
  }
}

async function setUp() {
  database = await createTestDatabase();
  const db = database.db;
  const recorder = new PriceRecorder({
    db,
    bus: new InProcessEventBus(),
    now: () => new Date('2026-11-23T10:00:00Z'),
    onError: () => {},
  });
  const watcher = new Collector();
  const watch = new PriceWatch({
    db,
    watcher,
    lock: new SingleProcessLock(),
    now: () => new Date('2026-11-23T10:00:00Z'),
    intervalMs: 60_000,
    log: silent,
  });
  return { db, recorder, watcher, watch };
}

describe('price watch', () => {
  it('hands every price recorded after it started over once, in the order recorded', async () => {
    const { recorder, watcher, watch } = await setUp();
    await recorder.record([quote('40', '2026-11-23T09:00:00Z')], 'INGEST');
    // A new watcher starts at what is recorded from now on.
    expect(await watch.drain()).toBe(0);
    await recorder.record(
      [quote('41.5', '2026-11-23T09:01:00Z'), quote('42', '2026-11-23T09:02:00Z')],
      'INGEST',
    );
    await recorder.record([quote('39.25', '2026-11-23T09:03:00Z')], 'SIMULATED');
    expect(await watch.drain()).toBe(3);
    expect(watcher.seen.map((price) => price.price)).toEqual(['41.5', '42', '39.25']);
    expect(watcher.seen[0]).toMatchObject({
      product: 'TTF_GAS',
      yearOfSupply: 2027,
      maturity: 'Y',
      market: 'OTC',
      at: new Date('2026-11-23T09:01:00Z'),
    });
    expect(await watch.drain()).toBe(0);
    expect(watcher.seen).toHaveLength(3);
  });

  it('hands a batch over again when the watcher failed on it', async () => {
    const { db, recorder, watcher, watch } = await setUp();
    await watch.drain();
    await recorder.record([quote('41', '2026-11-23T09:01:00Z')], 'INGEST');
    expect(await readablePrices(db, watcher.name, 1)).toHaveLength(1);
    watcher.failNext = true;
    expect(await watch.tick()).toBe(0);
    expect(watcher.seen).toHaveLength(0);
    expect(await watch.tick()).toBe(1);
    expect(watcher.seen.map((price) => price.price)).toEqual(['41']);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'never skips a price whose transaction commits after a later id was read (PostgreSQL)',
    async () => {
      const { db, recorder, watcher, watch } = await setUp();
      await watch.drain();
      // A second connection takes the next id and holds its transaction open.
      const other = await createDatabase({ databaseUrl: database?.url ?? '', dataDir: null });
      try {
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let inserted!: () => void;
        const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
        const slow = other.transaction().execute(async (trx) => {
          await insertPrices(trx, [quote('30', '2026-11-23T09:05:00Z')], 'INGEST');
          inserted();
          await held;
        });
        await insertedYet;
        await recorder.record([quote('31', '2026-11-23T09:06:00Z')], 'INGEST');
        // The committed later price waits until the open transaction before it has ended.
        expect(await watch.drain({ waitMs: 0 })).toBe(0);
        const pending = await readNewPrices(db, watcher.name);
        expect(pending.prices).toHaveLength(0);
        release();
        await slow;
        expect(await watch.drain()).toBe(2);
        expect(watcher.seen.map((price) => price.price).sort()).toEqual(['30', '31']);
      } finally {
        await other.destroy();
      }
    },
  );
});
