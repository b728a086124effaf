import { describe, expect, it } from 'vitest';
import { addDays, yearDailyPrices, type BacktestYear } from '@klik/domain';
import { chartHistory } from './backtest-chart';
import { decimalHistory, decimalTotalCost, totalCostOf } from './backtest-figures';

/** A small deterministic generator, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function yearOf(seed: number): BacktestYear {
  const next = random(seed);
  const days = Array.from({ length: 60 }, (_, i) => addDays('2025-01-01', i));
  const decimals = (places: number, scale: number) => (next() * scale).toFixed(places);
  const positions = (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((maturity) => ({
    maturity,
    lastDay: '2025-12-31',
    parts: [
      { part: 'Peak' as const, volume: decimals(3, 900) },
      { part: 'OffPeak' as const, volume: maturity === 'Q3' ? '0' : decimals(3, 500) },
    ],
    prices: {
      // Some days without a price, on one part or the other.
      Peak: days.filter(() => next() > 0.1).map((day) => ({ day, price: decimals(4, 150) })),
      OffPeak: days.filter(() => next() > 0.1).map((day) => ({ day, price: decimals(4, 90) })),
    },
  }));
  return {
    yearOfSupply: 2026,
    clickType: 'QUARTER',
    minClickPercentage: '5',
    maxClickPercentage: '100',
    maxClicksPerYear: null,
    positions,
    from: '2025-01-01',
    to: '2025-03-01',
    margins: [
      { from: '2025-01-01', part: 'Peak', markUp: '2', transactionFee: '0.25' },
      { from: '2025-01-01', part: 'OffPeak', markUp: '1.5', transactionFee: '0.125' },
      { from: '2025-02-01', part: 'Peak', markUp: decimals(4, 3), transactionFee: '0.3' },
      // A correction of the same day: the later step wins.
      { from: '2025-02-01', part: 'Peak', markUp: '2.5', transactionFee: '0.35' },
    ],
    hedgePolicy: null,
  };
}

describe('chartHistory', () => {
  it('gives exactly the figures of the decimal computation', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const year = yearOf(seed);
      const series = yearDailyPrices(year);
      expect(series.length).toBeGreaterThan(0);
      expect(chartHistory(year, series)).toEqual(decimalHistory(year, series));
    }
  });

  it('leaves a figure with more decimals than it holds to the decimal computation', () => {
    const year = yearOf(3);
    const odd = {
      ...year,
      margins: [
        ...year.margins,
        { from: '2025-01-15', part: 'Peak' as const, markUp: '0.1234567', transactionFee: '0' },
      ],
    };
    expect(chartHistory(odd, yearDailyPrices(odd))).toBeNull();
  });
});

describe('totalCostOf', () => {
  it('sums each click to cents exactly as decimals do, negative prices and halves included', () => {
    const next = random(11);
    const clicks = Array.from({ length: 500 }, (_, i) => ({
      day: '2025-01-02',
      maturity: 'Y' as const,
      part: 'Gas' as const,
      volume: (next() * 1000).toFixed(3),
      marketPrice: '0',
      margin: '0',
      price: i % 7 === 0 ? (-next() * 10).toFixed(4) : (next() * 200).toFixed(4),
      forced: false,
    }));
    // 0.5 x 0.0001 = 0.00005: half a cent's tenth; 0.1 x 0.05 = 0.005: half a cent, up.
    clicks.push({ ...clicks[0]!, volume: '0.1', price: '0.05' });
    clicks.push({ ...clicks[0]!, volume: '0.1', price: '-0.05' });
    const outcome = { clicks, clickCount: 0, volume: '0', totalCost: '0', marginCost: '0' };
    expect(totalCostOf(outcome).toFixed(2)).toBe(decimalTotalCost(outcome).toFixed(2));
    expect(totalCostOf({ ...outcome, clicks: clicks.slice(-2) }).toFixed(2)).toBe('0.00');
    expect(totalCostOf({ ...outcome, clicks: clicks.slice(-2, -1) }).toFixed(2)).toBe('0.01');
  });
});
