import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../test/test-database';
import { MATURITIES } from '@klik/domain';
import { findDailyPrices } from '../modules/backtest/history.repository';
import { seedDemoHistory } from './seed-demo';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.drop();
});

describe(`the demo price history on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('fills an empty history with 5 years of synthetic settlements, once', async () => {
    const { db } = database;
    const at = new Date('2026-03-02T09:00:00Z');
    const started = performance.now();
    expect(await seedDemoHistory(db, at)).toBe(true);
    const seconds = (performance.now() - started) / 1000;
    const stats = await db
      .selectFrom('price_history')
      .select((eb) => [
        eb.fn.countAll<string>().as('rows'),
        eb.fn.min<string>(eb.cast('day', 'text')).as('first'),
        eb.fn.max<string>(eb.cast('day', 'text')).as('last'),
      ])
      .where('source', '=', 'SYNTHETIC')
      .executeTakeFirstOrThrow();
    expect(Number(stats.rows)).toBeGreaterThan(70_000);
    expect(stats.first >= '2021-03-02').toBe(true);
    expect(stats.last).toBe('2026-02-27');
    console.info(`demo history: ${stats.rows} rows in ${seconds.toFixed(2)} s`);
    expect(await seedDemoHistory(db, at)).toBe(false);

    // What a replay reads: every maturity of three products' next three years over five years.
    const instruments = (['NL_POWER_PEAK', 'NL_POWER_OFFPEAK', 'TTF_GAS'] as const).flatMap(
      (product) =>
        [2026, 2027, 2028].flatMap((yearOfSupply) =>
          MATURITIES.map((maturity) => ({ product, yearOfSupply, maturity })),
        ),
    );
    const read = performance.now();
    const prices = await findDailyPrices(db, {
      instruments,
      market: 'OTC',
      from: '2021-01-01',
      to: '2026-03-01',
    });
    const readMs = performance.now() - read;
    const days = [...prices.values()].reduce((sum, series) => sum + series.length, 0);
    console.info(
      `findDailyPrices: ${prices.size} instruments, ${days} days in ${readMs.toFixed(0)} ms`,
    );
    // 2027 is traded from 2024 on (3 years ahead): about 2 years and 2 months of days.
    expect(prices.get('TTF_GAS/2027/Y')?.length).toBeGreaterThan(500);
    const series = prices.get('NL_POWER_PEAK/2027/Q1') ?? [];
    expect(series.map((point) => point.day)).toEqual(series.map((point) => point.day).sort());
  }, 60_000);
});
