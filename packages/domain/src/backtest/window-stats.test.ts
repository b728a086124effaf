import { describe, expect, it } from 'vitest';
import { extremeDays, twelveMonthStats } from './window-stats';
import type { BacktestYear } from './types';

describe('twelveMonthStats', () => {
  const days = [
    { day: '2025-02-28', price: '99' },
    { day: '2025-03-01', price: '40' },
    { day: '2025-11-20', price: '60' },
    { day: '2026-02-28', price: '50.00005' },
    { day: '2026-03-01', price: '10' },
  ];

  it('takes the 12 months up to and including the day', () => {
    // After 2025-02-28: 40, 60 and 50.00005, averaging 50.0000166...
    expect(twelveMonthStats(days, '2026-02-28')).toEqual({
      average: '50',
      high: '60',
      low: '40',
    });
    expect(twelveMonthStats(days, '2025-02-28')).toEqual({
      average: '99',
      high: '99',
      low: '99',
    });
  });

  it('rounds the average half-up to 4 decimals', () => {
    expect(twelveMonthStats(days.slice(3, 4), '2026-02-28')?.average).toBe('50.0001');
  });

  it('is null without a day in the span, and reads a leap day a year back', () => {
    // A year before 2024-02-29 is "2023-02-29": from 2023-03-01 on.
    expect(twelveMonthStats(days, '2027-03-01')).toBeNull();
    expect(twelveMonthStats([], '2026-01-01')).toBeNull();
    expect(
      twelveMonthStats(
        [
          { day: '2023-02-28', price: '1' },
          { day: '2023-03-01', price: '2' },
        ],
        '2024-02-29',
      ),
    ).toEqual({ average: '2', high: '2', low: '2' });
  });
});

describe('extremeDays', () => {
  const year: BacktestYear = {
    yearOfSupply: 2027,
    clickType: 'ALL',
    minClickPercentage: '0',
    maxClickPercentage: '100',
    maxClicksPerYear: null,
    from: '2026-01-01',
    to: '2026-01-31',
    margins: [
      { from: '2026-01-01', part: 'Peak', markUp: '1', transactionFee: '0.001' },
      { from: '2026-01-01', part: 'OffPeak', markUp: '1', transactionFee: '0' },
    ],
    hedgePolicy: null,
    positions: [
      {
        maturity: 'Q1',
        lastDay: '2026-12-31',
        parts: [
          { part: 'Peak', volume: '1.5' },
          { part: 'OffPeak', volume: '2' },
        ],
        prices: {
          Peak: [
            { day: '2026-01-02', price: '50' },
            { day: '2026-01-05', price: '40' },
            { day: '2026-01-06', price: '60' },
            { day: '2026-01-07', price: '30' },
            { day: '2026-01-08', price: '60' },
          ],
          OffPeak: [
            { day: '2026-01-02', price: '40' },
            { day: '2026-01-06', price: '40' },
            { day: '2026-01-07', price: '50' },
            { day: '2026-01-08', price: '40' },
          ],
        },
      },
    ],
  };

  it('finds the cheapest and the dearest day among the fully priced ones, the earlier on a tie', () => {
    // 01-02: 1.5 x 51.001 + 2 x 41 = 158.5015; 01-06 and 01-08: 1.5 x 61.001 + 82 = 173.5015;
    // 01-07: 1.5 x 31.001 + 2 x 51 = 148.5015. 01-05 lacks OffPeak.
    expect(extremeDays(year)).toEqual({
      best: { day: '2026-01-07', totalCost: '148.50' },
      worst: { day: '2026-01-06', totalCost: '173.50' },
    });
  });

  it('is null without a fully priced day', () => {
    expect(extremeDays({ ...year, to: '2026-01-01' })).toBeNull();
  });
});
