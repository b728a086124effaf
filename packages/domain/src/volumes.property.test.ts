import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDec } from './decimal';
import { monthlyOpenVolumes, openVolume, splitVolume } from './open-volume';
import { clickedPercentage } from './percentages';
import { applyRunout } from './runout';

// Volumes in MWh with up to 3 decimals, as decimal strings.
const volume = fc
  .bigInt({ min: 0n, max: 10_000_000_000n })
  .map((milli) => toDec(milli.toString()).div(1000).toFixed());

const sumOf = (values: readonly string[]) =>
  values.reduce((acc, v) => acc.plus(toDec(v)), toDec('0'));

describe('volume properties', () => {
  it('clicked + open = total whenever clicked does not exceed total; open is never negative', () => {
    fc.assert(
      fc.property(volume, volume, (a, b) => {
        const [clicked, total] = toDec(a).lte(toDec(b)) ? [a, b] : [b, a];
        const open = openVolume({ totalVolume: total, clickedVolume: clicked });
        expect(toDec(clicked).plus(toDec(open)).eq(toDec(total))).toBe(true);
        expect(toDec(openVolume({ totalVolume: clicked, clickedVolume: total })).gte(0)).toBe(true);
      }),
    );
  });

  it('the clicked percentage stays within 0..100 when clicked does not exceed total', () => {
    fc.assert(
      fc.property(volume, volume, (a, b) => {
        const [clicked, total] = toDec(a).lte(toDec(b)) ? [a, b] : [b, a];
        const pct = toDec(clickedPercentage(clicked, total));
        expect(pct.gte(0) && pct.lte(100)).toBe(true);
      }),
    );
  });

  it('the 12 monthly volumes of a year sum to the year volume, each non-negative', () => {
    fc.assert(
      fc.property(volume, (year) => {
        const months = monthlyOpenVolumes([{ maturity: 'Y', openVolume: year }]);
        expect(months).toHaveLength(12);
        expect(sumOf(months).eq(toDec(year))).toBe(true);
        expect(months.every((m) => toDec(m).gte(0))).toBe(true);
      }),
    );
  });

  it('a split never differs between shares by more than a kWh', () => {
    fc.assert(
      fc.property(volume, fc.integer({ min: 1, max: 12 }), (v, n) => {
        const shares = splitVolume(v, n).map(toDec);
        const max = shares.reduce((a, b) => (a.gt(b) ? a : b));
        const min = shares.reduce((a, b) => (a.lt(b) ? a : b));
        expect(max.minus(min).lte('0.001')).toBe(true);
        expect(sumOf(splitVolume(v, n)).eq(toDec(v))).toBe(true);
      }),
    );
  });

  it('quarters split over their months sum to the quarter volumes', () => {
    fc.assert(
      fc.property(fc.array(volume, { minLength: 4, maxLength: 4 }), (quarters) => {
        const months = monthlyOpenVolumes(
          quarters.map((v, i) => ({ maturity: `Q${i + 1}` as 'Q1', openVolume: v })),
        );
        expect(sumOf(months).eq(sumOf(quarters))).toBe(true);
        expect(sumOf(months.slice(3, 6)).eq(toDec(quarters[1] as string))).toBe(true);
      }),
    );
  });

  it('a click with runout never leaves 0 < remainder < 1% of the contracted volume', () => {
    fc.assert(
      fc.property(volume, volume, volume, (contracted, open, requested) => {
        const result = applyRunout({
          contractedVolume: contracted,
          openVolume: open,
          requestedVolume: requested,
        });
        if (!result.ok) return;
        const remainder = toDec(open).minus(toDec(result.volume));
        expect(remainder.eq(toDec(result.remainingVolume))).toBe(true);
        expect(remainder.gte(0)).toBe(true);
        const onePercent = toDec(contracted).div(100);
        expect(remainder.gt(0) && remainder.lt(onePercent)).toBe(false);
        expect(toDec(result.volume).gte(toDec(requested))).toBe(true);
      }),
    );
  });
});
