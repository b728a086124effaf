import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/test-database';
import { findDailyPrices, upsertHistory, type HistoryRow } from './history.repository';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.drop();
});

function quote(maturity: string, at: string, price: string, market: 'OTC' | 'ICE' = 'OTC') {
  return {
    product: 'NL_POWER_BASE' as const,
    year_of_supply: 2027,
    maturity,
    market,
    price,
    at: new Date(at),
    source: 'SIMULATED' as const,
  };
}

function settlement(maturity: string, day: string, price: string): HistoryRow {
  return { product: 'NL_POWER_BASE', yearOfSupply: 2027, maturity, market: 'OTC', day, price };
}

describe(`findDailyPrices on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('merges recorded daily closes with kept settlements, the settlement winning', async () => {
    const { db } = database;
    await db
      .insertInto('market_prices')
      .values([
        // 2 March: two quotes, the later (Amsterdam 17:30) is the close.
        quote('Y', '2026-03-02T09:00:00Z', '84.1'),
        quote('Y', '2026-03-02T16:30:00Z', '84.6'),
        // 23:30 UTC on 3 March is 00:30 on 4 March in Amsterdam.
        quote('Y', '2026-03-03T23:30:00Z', '85.9'),
        quote('Y', '2026-03-03T12:00:00Z', '85'),
        // Another market and another instrument are not asked for.
        quote('Y', '2026-03-03T12:00:00Z', '99', 'ICE'),
        quote('Q1', '2026-03-03T12:00:00Z', '90'),
        // Outside the window.
        quote('Y', '2026-03-09T12:00:00Z', '88'),
      ])
      .execute();
    await upsertHistory(
      db,
      [
        settlement('Y', '2026-02-27', '83.25'),
        settlement('Y', '2026-03-03', '85.5'),
        settlement('Y', '2026-03-20', '80'),
        settlement('Q2', '2026-03-02', '79'),
      ],
      'IMPORT',
      new Date('2026-03-10T00:00:00Z'),
    );
    const prices = await findDailyPrices(db, {
      instruments: [
        { product: 'NL_POWER_BASE', yearOfSupply: 2027, maturity: 'Y' },
        { product: 'NL_POWER_BASE', yearOfSupply: 2027, maturity: 'Y' },
        { product: 'NL_POWER_BASE', yearOfSupply: 2027, maturity: 'Q2' },
        { product: 'TTF_GAS', yearOfSupply: 2027, maturity: 'Y' },
      ],
      market: 'OTC',
      from: '2026-02-27',
      to: '2026-03-06',
    });
    expect(Object.fromEntries(prices)).toEqual({
      'NL_POWER_BASE/2027/Y': [
        { day: '2026-02-27', price: '83.25' },
        { day: '2026-03-02', price: '84.6' },
        { day: '2026-03-03', price: '85.5' },
        { day: '2026-03-04', price: '85.9' },
      ],
      'NL_POWER_BASE/2027/Q2': [{ day: '2026-03-02', price: '79' }],
    });
    expect(
      await findDailyPrices(db, {
        instruments: [],
        market: 'OTC',
        from: '2026-01-01',
        to: '2026-12-31',
      }),
    ).toEqual(new Map());
  });
});
