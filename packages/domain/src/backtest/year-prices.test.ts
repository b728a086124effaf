import { describe, expect, it } from 'vitest';
import { marginOn, strategyInput, yearDailyPrices } from './year-prices';
import type { BacktestYear, MarginStep } from './types';

const margins: MarginStep[] = [
  { from: '2026-01-01', part: 'Peak', markUp: '1', transactionFee: '0.5' },
  { from: '2026-01-01', part: 'OffPeak', markUp: '2', transactionFee: '0' },
  { from: '2026-01-03', part: 'Peak', markUp: '3', transactionFee: '0.25' },
];

const year: BacktestYear = {
  yearOfSupply: 2027,
  clickType: 'ALL',
  minClickPercentage: '0',
  maxClickPercentage: '100',
  maxClicksPerYear: null,
  from: '2026-01-02',
  to: '2026-01-05',
  margins,
  hedgePolicy: null,
  positions: [
    {
      maturity: 'Y',
      lastDay: '2026-12-31',
      parts: [
        { part: 'Peak', volume: '100' },
        { part: 'OffPeak', volume: '300' },
      ],
      prices: {
        Peak: [
          { day: '2026-01-01', price: '50' },
          { day: '2026-01-02', price: '60' },
          { day: '2026-01-03', price: '61' },
          { day: '2026-01-05', price: '62' },
          { day: '2026-01-06', price: '63' },
        ],
        OffPeak: [
          { day: '2026-01-02', price: '40' },
          { day: '2026-01-04', price: '41' },
          { day: '2026-01-05', price: '40.00005' },
        ],
      },
    },
  ],
};

describe('marginOn', () => {
  it('takes the part’s last step from that day or before', () => {
    expect(marginOn(margins, 'Peak', '2026-01-02')).toBe('1.5');
    expect(marginOn(margins, 'Peak', '2026-01-03')).toBe('3.25');
    expect(marginOn(margins, 'OffPeak', '2026-06-01')).toBe('2');
  });

  it('lets a later step of the same day win (a correction)', () => {
    const corrected = [...margins, { ...margins[0]!, markUp: '9' }];
    expect(marginOn(corrected, 'Peak', '2026-01-02')).toBe('9.5');
  });

  it('throws when no step is in force', () => {
    expect(() => marginOn(margins, 'Peak', '2025-12-31')).toThrow(RangeError);
    expect(() => marginOn(margins, 'Gas', '2026-01-02')).toThrow(RangeError);
  });
});

describe('yearDailyPrices', () => {
  it('weights each part’s click price by its volume, only on days every part is priced', () => {
    // 01-02: (100 x 61.5 + 300 x 42) / 400 = 46.875; 01-05: (100 x 65.25 + 300 x 42.00005) / 400
    // = 47.8125375, half-up to 4 decimals.
    expect(yearDailyPrices(year)).toEqual([
      { day: '2026-01-02', price: '46.875' },
      { day: '2026-01-05', price: '47.8125' },
    ]);
  });

  it('rounds half-up to 4 decimals', () => {
    const half: BacktestYear = {
      ...year,
      positions: [
        {
          ...year.positions[0]!,
          parts: [{ part: 'Peak', volume: '1' }],
          prices: { Peak: [{ day: '2026-01-02', price: '60.00005' }] },
        },
      ],
    };
    expect(yearDailyPrices(half)).toEqual([{ day: '2026-01-02', price: '61.5001' }]);
  });

  it('ignores a part without volume, and gives nothing without parts', () => {
    const zero: BacktestYear = {
      ...year,
      positions: [
        {
          ...year.positions[0]!,
          parts: [
            { part: 'Peak', volume: '10' },
            { part: 'OffPeak', volume: '0' },
          ],
        },
      ],
    };
    expect(yearDailyPrices(zero).map((d) => d.day)).toEqual([
      '2026-01-02',
      '2026-01-03',
      '2026-01-05',
    ]);
    expect(yearDailyPrices({ ...year, positions: [] })).toEqual([]);
    const unpriced: BacktestYear = {
      ...year,
      positions: [{ ...year.positions[0]!, prices: {} }],
    };
    expect(yearDailyPrices(unpriced)).toEqual([]);
  });

  it('is what strategyInput hands the strategies', () => {
    expect(strategyInput(year)).toEqual({ year, days: yearDailyPrices(year) });
  });
});
