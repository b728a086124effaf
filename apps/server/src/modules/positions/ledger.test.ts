import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDec } from '@klik/domain';
import { createClick, createContract, createCustomer } from '../../../test/builders';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { spreadOverOpenVolume } from './ledger';

describe('spreading a click over its months', () => {
  it('follows the open volume of each month, exact at kWh', () => {
    expect(spreadOverOpenVolume('100', ['100', '100', '100'])).toEqual([
      '33.333',
      '33.333',
      '33.334',
    ]);
    // January already half clicked: it takes half as much as the others.
    expect(spreadOverOpenVolume('50', ['50', '100', '100'])).toEqual(['10', '20', '20']);
    expect(spreadOverOpenVolume('30', ['0', '60', '0'])).toEqual(['0', '30', '0']);
    expect(() => spreadOverOpenVolume('10.001', ['5', '5'])).toThrow(RangeError);
  });

  it('always adds up to the volume and never gives a month more than it has open', () => {
    const kwh = fc.integer({ min: 0, max: 50_000_000 }).map((n) => (n / 1000).toFixed(3));
    fc.assert(
      fc.property(
        fc.array(kwh, { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (open, share) => {
          const available = open.reduce((acc, value) => acc.plus(value), toDec('0'));
          const volume = available.times(share).toDecimalPlaces(3, 1).toFixed(3);
          const shares = spreadOverOpenVolume(volume, open);
          const total = shares.reduce((acc, value) => acc.plus(value), toDec('0'));
          expect(total.eq(volume)).toBe(true);
          shares.forEach((value, i) => {
            expect(toDec(value).gte(0)).toBe(true);
            expect(toDec(value).lte(open[i]!)).toBe(true);
            expect(toDec(value).decimalPlaces()).toBeLessThanOrEqual(3);
          });
        },
      ),
    );
  });
});

describe('the ledger', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('keeps the clicked cost exact and refuses to overfill a month', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const contract = await createContract(db, { customerId: customer.id, monthlyVolume: '100' });
    await createClick(db, {
      contractId: contract.id,
      yearOfSupply: 2027,
      maturity: 'Q1',
      parts: [{ part: 'Gas', volume: '0.003', price: '37.1234' }],
    });
    const rows = await db
      .selectFrom('position_months')
      .select(['month', 'clicked_volume', 'clicked_cost'])
      .where('contract_id', '=', contract.id)
      .where('month', '<=', 3)
      .orderBy('month')
      .execute();
    expect(
      rows.map((row) => [
        row.month,
        toDec(row.clicked_volume).toString(),
        toDec(row.clicked_cost).toString(),
      ]),
    ).toEqual([
      [1, '0.001', '0.0371234'],
      [2, '0.001', '0.0371234'],
      [3, '0.001', '0.0371234'],
    ]);
    await expect(
      createClick(db, {
        contractId: contract.id,
        yearOfSupply: 2027,
        maturity: 'M1',
        parts: [{ part: 'Gas', volume: '100', price: '40' }],
      }),
    ).rejects.toThrow();
    // Not even a direct write can click more than the total.
    await expect(
      sql`update position_months set clicked_volume = total_volume + 1
          where contract_id = ${contract.id} and month = 1`.execute(db),
    ).rejects.toThrow();
  });
});
