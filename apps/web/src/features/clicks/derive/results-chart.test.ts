import { describe, expect, it } from 'vitest';
import {
  chartPrices,
  chartRows,
  marketPriceAt,
  marketSummary,
  MAX_MARKET_POINTS,
} from './results-chart';
import { aResultPart } from '../../../test/click-builders';

// A third market point after the fix, lower than the rest.
const part = () =>
  aResultPart({
    market: [...aResultPart().market, { at: '2026-10-03T09:00:00.000Z', price: '78.125' }],
  });

describe('results chart', () => {
  it('puts market prices and fixes on one time axis, a fix in a row of its own', () => {
    expect(chartRows(part())).toEqual([
      { at: '2026-09-30T09:00:00.000Z', market: 79.5, fixed: null },
      { at: '2026-10-01T09:00:00.000Z', market: null, fixed: 80 },
      { at: '2026-10-02T09:00:00.000Z', market: 81.25, fixed: null },
      { at: '2026-10-03T09:00:00.000Z', market: 78.125, fixed: null },
    ]);
  });

  it('draws at most the maximum of market points, keeping the last, and every fix', () => {
    const market = Array.from({ length: 1000 }, (_, index) => ({
      at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      price: String(index),
    }));
    const rows = chartRows(aResultPart({ market }));
    const marketRows = rows.filter((row) => row.market !== null);
    expect(marketRows.length).toBeLessThanOrEqual(MAX_MARKET_POINTS + 1);
    expect(marketRows[marketRows.length - 1]?.market).toBe(999);
    expect(rows.filter((row) => row.fixed !== null)).toHaveLength(1);
  });

  it('gives the market price last known at a fix', () => {
    expect(marketPriceAt(part(), '2026-10-01T09:00:00.000Z')).toBe('79.5');
    expect(marketPriceAt(part(), '2026-09-01T09:00:00.000Z')).toBeNull();
  });

  it('sums the market line up in words: its span, lowest, highest and last price', () => {
    expect(marketSummary(part())).toEqual({
      from: '2026-09-30T09:00:00.000Z',
      to: '2026-10-03T09:00:00.000Z',
      low: '78.125',
      high: '81.25',
      last: '78.125',
    });
    expect(marketSummary(aResultPart({ market: [] }))).toBeNull();
  });

  it('scales the axis to the market and the fixed prices', () => {
    expect(chartPrices(part())).toEqual(['79.5', '81.25', '78.125', '80']);
  });
});
