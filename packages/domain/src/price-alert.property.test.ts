import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDec } from './decimal';
import { isPriceAlertTriggered, priceAlertCrossings, type PriceAlert } from './price-alert';

// Prices in EUR/MWh with up to 4 decimals, near the threshold so sequences cross it often.
const price = fc
  .integer({ min: 0, max: 2_000_000 })
  .map((tenThousandths) => toDec(String(tenThousandths)).div(10_000).toFixed());
const alert: fc.Arbitrary<PriceAlert> = fc.record({
  direction: fc.constantFrom('EQUAL_OR_LOWER' as const, 'EQUAL_OR_HIGHER' as const),
  price: price.filter((value) => toDec(value).gt(0)),
});
const lastMet = fc.constantFrom(null, true, false);

describe('price alert crossing properties', () => {
  it('fires exactly at the prices that meet the alert when the one before did not', () => {
    fc.assert(
      fc.property(alert, lastMet, fc.array(price, { maxLength: 60 }), (a, initial, prices) => {
        const { fires } = priceAlertCrossings(a, initial, prices);
        const met = prices.map((value) => isPriceAlertTriggered(a, value));
        const expected = met.flatMap((now, index) => {
          const before = index === 0 ? initial : met[index - 1];
          return now && before !== true ? [index] : [];
        });
        expect(fires).toEqual(expected);
      }),
    );
  });

  it('never fires without a crossing: fires are at most the entries into the alert, never twice in a row beyond it', () => {
    fc.assert(
      fc.property(alert, fc.array(price, { maxLength: 60 }), (a, prices) => {
        const { fires } = priceAlertCrossings(a, false, prices);
        for (const index of fires)
          expect(isPriceAlertTriggered(a, prices[index] ?? '0')).toBe(true);
        // Between two fires the price left the alert at least once.
        for (let i = 1; i < fires.length; i += 1) {
          const between = prices.slice((fires[i - 1] ?? 0) + 1, fires[i]);
          expect(between.some((value) => !isPriceAlertTriggered(a, value))).toBe(true);
        }
        // A sequence that always meets the alert, from a met state, fires never.
        const staying = prices.filter((value) => isPriceAlertTriggered(a, value));
        expect(priceAlertCrossings(a, true, staying).fires).toEqual([]);
      }),
    );
  });

  it('replaying prices already seen from the state they left never fires again', () => {
    fc.assert(
      fc.property(alert, lastMet, fc.array(price, { maxLength: 40 }), (a, initial, prices) => {
        const first = priceAlertCrossings(a, initial, prices);
        const last = prices.at(-1);
        if (last === undefined) return;
        // The last price handed again (a retried batch) against the state it left.
        expect(priceAlertCrossings(a, first.lastMet, [last]).fires).toEqual([]);
      }),
    );
  });

  it('splitting a sequence into batches fires at the same prices as one run', () => {
    fc.assert(
      fc.property(
        alert,
        lastMet,
        fc.array(price, { maxLength: 40 }),
        fc.nat(40),
        (a, initial, prices, cut) => {
          const whole = priceAlertCrossings(a, initial, prices).fires;
          const head = priceAlertCrossings(a, initial, prices.slice(0, cut));
          const tail = priceAlertCrossings(a, head.lastMet, prices.slice(cut));
          const offset = Math.min(cut, prices.length);
          expect([...head.fires, ...tail.fires.map((index) => index + offset)]).toEqual(whole);
        },
      ),
    );
  });
});
