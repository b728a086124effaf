import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideClickability,
  MARKET_OPTIONS,
  MATURITIES,
  type ContractPartVolumes,
} from '@klik/domain';
import { StabilityCache, stableStretch } from './clickability-stability';

const PART_SETS: ContractPartVolumes[][] = [
  [
    {
      name: 'Gas',
      totalVolume: '100',
      clickedVolume: '10',
      offerPart: { marketPrice: '30' },
      iceOfferPart: { marketPrice: '31' },
    },
  ],
  [
    {
      name: 'Gas',
      totalVolume: '100',
      clickedVolume: '10',
      offerPart: { marketPrice: null },
      iceOfferPart: null,
    },
  ],
  [
    {
      name: 'Peak',
      totalVolume: '50',
      clickedVolume: '0',
      offerPart: null,
      iceOfferPart: { marketPrice: null },
    },
  ],
];

const START = Date.parse('2026-10-25T00:00:00Z');
const END = Date.parse('2027-01-10T00:00:00Z');

describe('how long a rendered view holds', () => {
  it('the domain decides the same at every instant of the stretch (views are kept that long)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: START, max: END }),
        fc.constantFrom(...MARKET_OPTIONS),
        fc.constantFrom(...MATURITIES),
        fc.constantFrom(2026, 2027),
        fc.constantFrom(...PART_SETS),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (time, marketOption, maturity, yearOfSupply, parts, fraction) => {
          const at = new Date(time);
          const period = { maturity, yearOfSupply };
          const { until } = stableStretch(at, marketOption, period);
          expect(until).toBeGreaterThan(time);
          // Any instant from `at` up to, not including, `until`.
          const span = Math.min(until - time, 7 * 86_400_000);
          const later = new Date(time + Math.floor(span * fraction));
          const decide = (instant: Date) => {
            const { clickable, disableClickReason } = decideClickability({
              clickType: null,
              marketOption,
              period,
              parts,
              at: instant,
              paused: false,
              userMayClick: true,
              pendingOverlappingClick: false,
            });
            return { clickable, disableClickReason };
          };
          expect(decide(later)).toEqual(decide(at));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('ends exactly where the window changes: OTC closes at 16:00 Amsterdam', () => {
    const at = new Date('2026-11-20T10:00:00Z');
    const { until } = stableStretch(at, 'OTC_ONLY', { maturity: 'Q1', yearOfSupply: 2027 });
    expect(new Date(until).toISOString()).toBe('2026-11-20T15:00:00.000Z');
    // For several periods: the earliest change, and never more than an hour ahead.
    const cache = new StabilityCache();
    const common = cache.common(at, 'PRE_EOD', [
      { maturity: 'Q1', yearOfSupply: 2027 },
      { maturity: 'M12', yearOfSupply: 2026 },
    ]);
    expect(common.until).toBe(at.getTime() + 3_600_000);
    const late = new Date('2026-11-20T14:10:00Z');
    expect(
      new Date(
        cache.common(late, 'PRE_EOD', [{ maturity: 'Q1', yearOfSupply: 2027 }]).until,
      ).toISOString(),
    ).toBe('2026-11-20T14:30:00.000Z');
  });
});
