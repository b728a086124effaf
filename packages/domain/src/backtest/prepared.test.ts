import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal';
import { attribute } from './attribution';
import { replay, replayActual } from './replay';
import { BACKTEST_STRATEGIES, limitBelowAverageTargets, strategyTargets } from './strategies';
import type { BacktestYear, DailyPrice, ReplayClick } from './types';
import { extremeDays, twelveMonthStats } from './window-stats';
import { prepareYear, strategyInput, yearDailyPrices } from './year-prices';

/** A year of one power position over some days, with the given prices per day. */
function powerYear(peak: readonly DailyPrice[], offPeak: readonly DailyPrice[]): BacktestYear {
  return {
    yearOfSupply: 2027,
    clickType: 'ALL',
    minClickPercentage: '5',
    maxClickPercentage: '60',
    maxClicksPerYear: null,
    from: '2026-01-01',
    to: '2026-03-31',
    margins: [
      { from: '2026-01-01', part: 'Peak', markUp: '1.5', transactionFee: '0.25' },
      { from: '2026-01-01', part: 'OffPeak', markUp: '1', transactionFee: '0' },
      { from: '2026-02-01', part: 'Peak', markUp: '2', transactionFee: '0.125' },
    ],
    hedgePolicy: [{ date: '2026-02-01', minShare: '20', maxShare: '70' }],
    positions: [
      {
        maturity: 'Y',
        lastDay: '2026-03-20',
        parts: [
          { part: 'Peak', volume: '1200.5' },
          { part: 'OffPeak', volume: '800' },
        ],
        prices: { Peak: peak, OffPeak: offPeak },
      },
    ],
  };
}

const days = Array.from({ length: 60 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 0, 2 + i));
  return date.toISOString().slice(0, 10);
});
const walk = (start: number, step: number, decimals: string) =>
  days.map((day, i) => ({ day, price: `${start + ((i * step) % 17)}.${decimals}${i % 10}` }));

const options = { trancheSchedule: 'MONTHLY', limitDays: 3, limitShare: 20 } as const;

/** Every figure the backtest answers for a year. */
function figures(year: BacktestYear, stored: readonly ReplayClick[]) {
  const input = strategyInput(year);
  const actual = replayActual(year, stored);
  return {
    days: yearDailyPrices(year),
    stats: twelveMonthStats(yearDailyPrices(year), year.to),
    extremes: extremeDays(year),
    actual,
    strategies: BACKTEST_STRATEGIES.map((name) => {
      const targets = strategyTargets(name, input, options);
      const outcome = targets && replay(year, targets);
      return {
        targets,
        outcome,
        attribution: outcome && actual && attribute(year, actual.clicks, outcome.clicks),
      };
    }),
  };
}

const stored = (year: BacktestYear): ReplayClick[] => [
  {
    day: '2026-01-15',
    maturity: 'Y',
    part: 'Peak',
    volume: '100',
    marketPrice: year.positions[0]?.prices.Peak?.[13]?.price ?? '0',
    margin: '1.75',
    price: '0',
    forced: false,
  },
];

describe('prepareYear', () => {
  const year = powerYear(walk(60, 7, '12'), walk(40, 5, '7'));

  it('gives exactly the figures of the year itself, from a frozen copy', () => {
    const prepared = prepareYear(year);
    expect(prepared).toEqual(year);
    expect(Object.isFrozen(prepared)).toBe(true);
    expect(figures(prepared, stored(year))).toEqual(figures(year, stored(year)));
    // Asked again, the shared figures come out the same.
    expect(figures(prepared, stored(year))).toEqual(figures(year, stored(year)));
  });

  it('reads prices in any order as in day order, the last price of a day winning', () => {
    const peak = walk(60, 7, '12');
    const shuffled = [
      ...peak.slice(30),
      { day: peak[3]!.day, price: '1' },
      ...peak.slice(0, 30),
      { day: '2025-12-31', price: '5' },
    ];
    const reordered = powerYear(shuffled, [...walk(40, 5, '7')].reverse());
    const ordered = powerYear(
      peak.map((each, i) => (i === 3 ? { ...each, price: peak[3]!.price } : each)),
      walk(40, 5, '7'),
    );
    const [a, b] = [figures(reordered, stored(ordered)), figures(ordered, stored(ordered))];
    expect(a.days).toEqual(b.days);
    expect(a.strategies.map((each) => each.outcome)).toEqual(
      b.strategies.map((each) => each.outcome),
    );
    // A benchmark counts every price given, a day's earlier one too.
    const withEarlier = powerYear(
      [...peak.slice(0, 14), { day: peak[13]!.day, price: '1000' }, ...peak.slice(14)],
      walk(40, 5, '7'),
    );
    const actual = replayActual(withEarlier, stored(withEarlier))!;
    const reference = replay(withEarlier, [{ day: '2026-01-20', share: '100' }])!;
    const plain = powerYear(peak, walk(40, 5, '7'));
    expect(attribute(withEarlier, actual.clicks, reference.clicks).timing).not.toBe(
      attribute(plain, actual.clicks, reference.clicks).timing,
    );
  });

  it('falls back to decimals where integers would not be exact, with the same figures', () => {
    const fine = (base: number) =>
      days.map((day, i) => ({ day, price: `${base + (i % 7)}.1234567890123456789${i % 10}` }));
    const year = powerYear(fine(60), fine(40));
    const result = figures(year, stored(year));
    // Day 1: (1200.5 x (60.12345678901234567890 + 1.75) + 800 x (40.1234567890123456789 + 1))
    // / 2000.5, half-up to 4 decimals.
    const amount = new Dec('1200.5')
      .times(new Dec('60.12345678901234567890').plus('1.75'))
      .plus(new Dec('800').times(new Dec('40.12345678901234567890').plus('1')));
    expect(result.days[0]).toEqual({
      day: '2026-01-02',
      price: amount.div('2000.5').toDecimalPlaces(4, Dec.ROUND_HALF_UP).toFixed(),
    });
    expect(result.extremes?.best.day).toBe('2026-01-02');
    expect(result.stats?.low).toBe(result.days[0]?.price);
    expect(figures(prepareYear(year), stored(year))).toEqual(result);
  });

  it('falls back to decimals for prices too large to add up as integers', () => {
    const huge = (base: number) =>
      days.map((day, i) => ({ day, price: `${base + (i % 5)}0000000000` }));
    const free = { from: '2026-01-01', markUp: '0', transactionFee: '0' };
    const year = {
      ...powerYear(huge(40), huge(30)),
      margins: [{ ...free, part: 'Peak' as const }],
    };
    const big: BacktestYear = {
      ...year,
      positions: [{ ...year.positions[0]!, parts: [{ part: 'Peak', volume: '1' }] }],
    };
    const input = strategyInput(big);
    expect(input.days[0]).toEqual({ day: '2026-01-02', price: '400000000000' });
    expect(limitBelowAverageTargets(input, { days: 2, share: '50' })).toEqual(
      limitBelowAverageTargets({ ...input, days: [...input.days] }, { days: 2, share: '50' }),
    );
    expect(twelveMonthStats(input.days, big.to)).toEqual(twelveMonthStats([...input.days], big.to));
    expect(twelveMonthStats(input.days, big.to)?.high).toBe('440000000000');
  });

  it('trusts a day series handed out only while it is unchanged', () => {
    const days = yearDailyPrices(year);
    const stats = twelveMonthStats(days, year.to);
    days[0] = { ...days[0]!, price: '1000' };
    expect(twelveMonthStats(days, year.to)).not.toEqual(stats);
    expect(twelveMonthStats(days.slice(1), year.to)?.high).toBe(stats?.high);
    days.pop();
    expect(twelveMonthStats(days, year.to)?.high).toBe('1000');
  });

  it('takes the 12 months of a series handed out as of any day', () => {
    const days = yearDailyPrices(year);
    for (const to of ['2026-02-15', '2026-01-02', '2025-12-31', '2027-02-01']) {
      expect(twelveMonthStats(days, to)).toEqual(twelveMonthStats([...days], to));
    }
    expect(twelveMonthStats(days, '2025-12-31')).toBeNull();
  });

  it('says which part has no margin on a day', () => {
    const bare = { ...year, margins: year.margins.filter((step) => step.part !== 'OffPeak') };
    expect(() => yearDailyPrices(prepareYear(bare))).toThrow('No margin for OffPeak on 2026-01-02');
    expect(() => replay(bare, [{ day: '2026-01-02', share: '50' }])).toThrow(RangeError);
  });
});
