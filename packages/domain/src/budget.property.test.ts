import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetCrossing, budgetStanding, expectedYearPrice, type BudgetZone } from './budget';
import { Dec, toDec } from './decimal';

const scaled = (max: bigint, decimals: number, min = 0n) =>
  fc.bigInt({ min, max }).map((n) =>
    toDec(n.toString())
      .div(10 ** decimals)
      .toFixed(),
  );
const price = scaled(5_000_000n, 4, 1n);
const volume = scaled(100_000_000n, 3);
const part = fc
  .record({ total: volume, share: fc.integer({ min: 0, max: 100 }), fixedAt: price, today: price })
  .map(({ total, share, fixedAt, today }) => {
    const clicked = toDec(total).times(share).div(100).toDecimalPlaces(3, Dec.ROUND_DOWN);
    return {
      totalVolume: total,
      clickedVolume: clicked.toFixed(),
      clickedCost: clicked.times(toDec(fixedAt)).toFixed(),
      clickPrice: today,
    };
  });

describe('expected year price properties', () => {
  it('lies between the cheapest and dearest price it is made of', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 3 }), (parts) => {
        const result = expectedYearPrice(parts);
        const total = parts.reduce((sum, p) => sum.plus(toDec(p.totalVolume)), new Dec(0));
        if (total.isZero()) {
          expect(result.expectedPrice).toBeNull();
          return;
        }
        const prices = parts.flatMap((p) => {
          const clicked = toDec(p.clickedVolume);
          const open = toDec(p.totalVolume).minus(clicked);
          return [
            ...(clicked.gt(0) ? [toDec(p.clickedCost).div(clicked)] : []),
            ...(open.gt(0) ? [toDec(p.clickPrice)] : []),
          ];
        });
        const expected = toDec(result.expectedPrice as string);
        const tolerance = new Dec('0.00005');
        expect(expected.gte(Dec.min(...prices).minus(tolerance))).toBe(true);
        expect(expected.lte(Dec.max(...prices).plus(tolerance))).toBe(true);
        expect(toDec(result.fixedVolume).plus(toDec(result.openVolume)).eq(total)).toBe(true);
      }),
    );
  });

  it("equals today's price when nothing is fixed and the fixed average when all is", () => {
    fc.assert(
      fc.property(volume, price, (total, today) => {
        fc.pre(toDec(total).gt(0));
        const open = expectedYearPrice([
          { totalVolume: total, clickedVolume: '0', clickedCost: '0', clickPrice: today },
        ]);
        expect(toDec(open.expectedPrice as string).eq(toDec(today))).toBe(true);
        const fixed = expectedYearPrice([
          {
            totalVolume: total,
            clickedVolume: total,
            clickedCost: toDec(total).times(toDec(today)).toFixed(),
            clickPrice: null,
          },
        ]);
        expect(toDec(fixed.expectedPrice as string).eq(toDec(today))).toBe(true);
      }),
    );
  });
});

describe('budget crossing properties', () => {
  const budget = { budgetPrice: '50', lowerBound: '45', upperBound: '55' };
  const walk = fc.array(scaled(1_000_000n, 4, 1n), { minLength: 1, maxLength: 40 });

  it('speaks exactly once per change of zone along any walk of prices, never without one', () => {
    fc.assert(
      fc.property(walk, (prices) => {
        let zone: BudgetZone | null = null;
        let spoken = 0;
        let changes = 0;
        for (const p of prices) {
          const next = budgetStanding(budget, p).zone;
          if (zone !== null && next !== zone) changes += 1;
          const crossing = budgetCrossing(zone, next);
          if (crossing !== null) {
            spoken += 1;
            expect(next === 'WITHIN' ? 'BACK_WITHIN' : 'LEFT').toBe(
              crossing === 'BACK_WITHIN' ? 'BACK_WITHIN' : 'LEFT',
            );
          }
          // Replaying the same price (a batch handed again) says nothing more.
          expect(budgetCrossing(next, next)).toBeNull();
          zone = next;
        }
        expect(spoken).toBe(changes);
      }),
    );
  });
});
