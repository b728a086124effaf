import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDec } from './decimal';
import { clickCost, clickPrice } from './pricing';

// Prices in EUR/MWh with up to 4 decimals, volumes in MWh with up to 3.
const scaled = (max: bigint, decimals: number, min = 0n) =>
  fc.bigInt({ min, max }).map((n) =>
    toDec(n.toString())
      .div(10 ** decimals)
      .toFixed(),
  );
const price = scaled(5_000_000n, 4, -500_000n);
const volume = scaled(100_000_000n, 3);
const line = fc.record({
  name: fc.constantFrom('Gas' as const, 'Peak' as const, 'OffPeak' as const),
  volume,
  marketPrice: price,
  markUp: price,
  transactionFees: price,
});

describe('pricing properties', () => {
  it('the click price is exactly the sum of its components, in any order', () => {
    fc.assert(
      fc.property(price, price, price, (marketPrice, markUp, transactionFees) => {
        const p = toDec(clickPrice({ marketPrice, markUp, transactionFees }));
        expect(p.eq(toDec(transactionFees).plus(toDec(markUp)).plus(toDec(marketPrice)))).toBe(
          true,
        );
        expect(
          p.eq(
            toDec(
              clickPrice({
                marketPrice: transactionFees,
                markUp: marketPrice,
                transactionFees: markUp,
              }),
            ),
          ),
        ).toBe(true);
      }),
    );
  });

  it('the part costs add up to the total, and each is within half a cent of volume x price', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 3 }), (parts) => {
        const cost = clickCost(parts);
        const total = cost.parts.reduce((acc, p) => acc.plus(toDec(p.cost)), toDec('0'));
        expect(total.eq(toDec(cost.totalCost))).toBe(true);
        cost.parts.forEach((p) => {
          const exact = toDec(p.volume).times(toDec(p.price));
          expect(exact.minus(toDec(p.cost)).abs().lte('0.005')).toBe(true);
        });
      }),
    );
  });
});
