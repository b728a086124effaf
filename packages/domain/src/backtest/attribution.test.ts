import { describe, expect, it } from 'vitest';
import { toDec } from '../decimal';
import { attribute, roundAttribution } from './attribution';
import type { BacktestYear, ReplayClick } from './types';

const year: BacktestYear = {
  yearOfSupply: 2027,
  clickType: 'ALL',
  minClickPercentage: '0',
  maxClickPercentage: '100',
  maxClicksPerYear: null,
  from: '2026-01-05',
  to: '2026-03-31',
  margins: [],
  hedgePolicy: null,
  positions: [
    {
      maturity: 'Y',
      lastDay: '2026-12-31',
      parts: [{ part: 'Gas', volume: '100' }],
      prices: {
        Gas: [
          // Before the window: not in January's mean.
          { day: '2026-01-02', price: '10' },
          { day: '2026-01-05', price: '40' },
          { day: '2026-01-06', price: '44' },
          { day: '2026-02-02', price: '50' },
          { day: '2026-02-03', price: '50.00001' },
          { day: '2026-02-04', price: '50.00001' },
        ],
      },
    },
  ],
};

function click(day: string, volume: string, market: string, margin = '1'): ReplayClick {
  return {
    day,
    maturity: 'Y',
    part: 'Gas',
    volume,
    marketPrice: market,
    margin,
    price: toDec(market).plus(toDec(margin)).toFixed(),
    forced: false,
  };
}

describe('attribute', () => {
  it('splits the difference in timing within the month, volume per month and margin', () => {
    // January B = 42: actual 60 at 40 (−120), reference 50 at 44 (+100): timing −220.
    // February B = 50.0000 (mean 50.0000066.. to 4 decimals): actual 40 at 50.00001 (0.0004),
    // reference 50 at 50 (0): timing 0.0004. Volume: (60 − 50) x 42 + (40 − 50) x 50 = −80.
    // Margin: 100 x 1.5 − 100 x 1 = 50.
    const parts = attribute(
      year,
      [click('2026-01-05', '60', '40', '1.5'), click('2026-02-03', '40', '50.00001', '1.5')],
      [click('2026-01-06', '50', '44'), click('2026-02-02', '50', '50')],
    );
    expect(parts).toEqual({
      total: '-249.9996',
      timing: '-219.9996',
      volume: '-80',
      margin: '50',
    });
  });

  it('benchmarks a month without history at both sides’ volume-weighted market price', () => {
    // April has no price: B = (10 x 60 + 30 x 64) / 40 = 63. Other maturity: no position at all.
    const other = { ...click('2026-04-01', '10', '1'), maturity: 'Q2' as const };
    const parts = attribute(
      year,
      [click('2026-04-01', '10', '60'), other],
      [click('2026-04-02', '30', '64')],
    );
    // timing: 10 x (60 − 63) − 30 x (64 − 63) = −60; the Q2 cell's own B is 1: 0.
    // volume: (10 − 30) x 63 + 10 x 1 = −1250; margin: 20 x 1 − 30 x 1 = −10.
    expect(parts).toEqual({ total: '-1320', timing: '-60', volume: '-1250', margin: '-10' });
  });

  it('handles a part without history and cells of no volume', () => {
    const peak = { ...click('2026-01-05', '0', '40'), part: 'Peak' as const };
    expect(attribute(year, [peak], [])).toEqual({
      total: '0',
      timing: '0',
      volume: '0',
      margin: '0',
    });
    expect(attribute(year, [], [])).toEqual({ total: '0', timing: '0', volume: '0', margin: '0' });
  });

  it('lets a stored click that does not add up land its difference in margin', () => {
    const odd = { ...click('2026-01-05', '10', '40'), price: '41.5' };
    const parts = attribute(year, [odd], []);
    expect(parts).toEqual({ total: '415', timing: '-20', volume: '420', margin: '15' });
  });
});

describe('roundAttribution', () => {
  it('rounds total, timing and volume half-up; margin takes what makes them add up', () => {
    expect(
      roundAttribution({ total: '10.005', timing: '3.335', volume: '4.444', margin: '2.226' }),
    ).toEqual({ total: '10.01', timing: '3.34', volume: '4.44', margin: '2.23' });
    expect(
      roundAttribution({ total: '0.005', timing: '0.005', volume: '0.005', margin: '-0.01' }),
    ).toEqual({ total: '0.01', timing: '0.01', volume: '0.01', margin: '-0.01' });
    expect(roundAttribution({ total: '0', timing: '0', volume: '0', margin: '0' })).toEqual({
      total: '0.00',
      timing: '0.00',
      volume: '0.00',
      margin: '0.00',
    });
  });
});
