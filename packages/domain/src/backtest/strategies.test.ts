import { describe, expect, it } from 'vitest';
import { addDays } from '../amsterdam-time';
import {
  BACKTEST_STRATEGIES,
  corridorTargets,
  equalTranchesTargets,
  firstDayTargets,
  lastDayTargets,
  limitBelowAverageTargets,
  strategyTargets,
  type StrategyOptions,
} from './strategies';
import type { BacktestYear, DailyPrice, StrategyInput } from './types';

const year: BacktestYear = {
  yearOfSupply: 2027,
  clickType: 'ALL',
  minClickPercentage: '0',
  maxClickPercentage: '100',
  maxClicksPerYear: null,
  from: '2026-01-15',
  to: '2026-06-30',
  margins: [],
  hedgePolicy: null,
  positions: [],
};

/** Every day from `from`, one price each. */
function daily(from: string, prices: readonly string[]): DailyPrice[] {
  return prices.map((price, i) => ({ day: addDays(from, i), price }));
}

const days: DailyPrice[] = [
  { day: '2026-01-15', price: '50' },
  { day: '2026-02-02', price: '51' },
  { day: '2026-03-02', price: '52' },
  { day: '2026-04-01', price: '53' },
  { day: '2026-06-30', price: '54' },
];
const input: StrategyInput = { year, days };
const empty: StrategyInput = { year, days: [] };
const options: StrategyOptions = { trancheSchedule: 'MONTHLY', limitDays: 2, limitShare: 25 };

describe('corridorTargets', () => {
  const policy = {
    ...year,
    hedgePolicy: [
      { date: '2026-03-01', minShare: '40', maxShare: '80' },
      { date: '2025-06-01', minShare: '10', maxShare: '60' },
      { date: '2026-05-01', minShare: '50', maxShare: '70' },
      { date: '2026-07-01', minShare: '90', maxShare: null },
    ],
  };

  it('is unavailable without a hedge policy', () => {
    expect(corridorTargets(input, 'LOWER')).toBeNull();
    expect(strategyTargets('CORRIDOR_MIDDLE', input, options)).toBeNull();
  });

  it('follows the bound from the first day and from each point in the window, never down', () => {
    const withPolicy = { year: policy, days };
    // 01-15: 10..60; 03-01 moves to 03-02: 40..80; 05-01 moves to 06-30: 50..70 (its max falls:
    // fixed volume stays); 07-01 is after the window.
    expect(corridorTargets(withPolicy, 'LOWER')).toEqual([
      { day: '2026-01-15', share: '10' },
      { day: '2026-03-02', share: '40' },
      { day: '2026-06-30', share: '50' },
    ]);
    expect(corridorTargets(withPolicy, 'MIDDLE')).toEqual([
      { day: '2026-01-15', share: '35' },
      { day: '2026-03-02', share: '60' },
    ]);
    expect(strategyTargets('CORRIDOR_UPPER', withPolicy, options)).toEqual([
      { day: '2026-01-15', share: '60' },
      { day: '2026-03-02', share: '80' },
    ]);
    expect(strategyTargets('CORRIDOR_LOWER', withPolicy, options)).toEqual(
      corridorTargets(withPolicy, 'LOWER'),
    );
  });

  it('is 0..100 before the first point, and a point on the first day counts at once', () => {
    const late = { ...year, hedgePolicy: [{ date: '2026-01-15', minShare: '20', maxShare: null }] };
    expect(corridorTargets({ year: late, days }, 'LOWER')).toEqual([
      { day: '2026-01-15', share: '20' },
    ]);
    const later = {
      ...year,
      hedgePolicy: [{ date: '2026-04-01', minShare: '20', maxShare: '30' }],
    };
    expect(corridorTargets({ year: later, days }, 'UPPER')).toEqual([
      { day: '2026-01-15', share: '100' },
    ]);
    expect(corridorTargets({ year: later, days }, 'LOWER')).toEqual([
      { day: '2026-04-01', share: '20' },
    ]);
  });

  it('gives nothing without priced days', () => {
    expect(corridorTargets({ year: policy, days: [] }, 'MIDDLE')).toEqual([]);
  });
});

describe('equalTranchesTargets', () => {
  it('fixes 1/n on the first priced day of each month, the last tranche reaching 100', () => {
    // Six months; May has no priced day, so its tranche waits for 06-30.
    expect(equalTranchesTargets(input, 'MONTHLY')).toEqual([
      { day: '2026-01-15', share: '16.6667' },
      { day: '2026-02-02', share: '33.3333' },
      { day: '2026-03-02', share: '50' },
      { day: '2026-04-01', share: '66.6667' },
      { day: '2026-06-30', share: '100' },
    ]);
    expect(strategyTargets('EQUAL_TRANCHES', input, options)).toEqual(
      equalTranchesTargets(input, 'MONTHLY'),
    );
  });

  it('splits by calendar quarter, also across a year end', () => {
    expect(equalTranchesTargets(input, 'QUARTERLY')).toEqual([
      { day: '2026-01-15', share: '50' },
      { day: '2026-04-01', share: '100' },
    ]);
    const across = { ...year, from: '2025-11-20', to: '2026-02-10' };
    expect(
      equalTranchesTargets(
        { year: across, days: daily('2025-11-20', ['1', '1']).concat(days.slice(0, 1)) },
        'QUARTERLY',
      ),
    ).toEqual([
      { day: '2025-11-20', share: '50' },
      { day: '2026-01-15', share: '100' },
    ]);
  });

  it('drops the tranches after the last priced day (the replay forces them)', () => {
    expect(equalTranchesTargets({ year, days: days.slice(0, 2) }, 'MONTHLY')).toEqual([
      { day: '2026-01-15', share: '16.6667' },
      { day: '2026-02-02', share: '33.3333' },
    ]);
    expect(equalTranchesTargets(empty, 'QUARTERLY')).toEqual([]);
  });
});

describe('first and last day', () => {
  it('fixes everything on the first or the last priced day', () => {
    expect(firstDayTargets(input)).toEqual([{ day: '2026-01-15', share: '100' }]);
    expect(lastDayTargets(input)).toEqual([{ day: '2026-06-30', share: '100' }]);
    expect(strategyTargets('FIRST_DAY', input, options)).toEqual(firstDayTargets(input));
    expect(strategyTargets('LAST_DAY', input, options)).toEqual(lastDayTargets(input));
    expect(firstDayTargets(empty)).toEqual([]);
    expect(lastDayTargets(empty)).toEqual([]);
  });
});

describe('limitBelowAverageTargets', () => {
  const prices = daily('2026-02-01', ['10', '12', '11', '11.5', '10', '9', '20', '8', '7']);

  it('adds the share on each day strictly below the previous days’ average', () => {
    // Averages of two: 11 (11 not below), 11.5 (11.5 not below), 11.25 (10 below), 10.75 (9
    // below), 9.5 (20 not), 14.5 (8 below), 14 (7 below).
    expect(limitBelowAverageTargets({ year, days: prices }, { days: 2, share: '30' })).toEqual([
      { day: '2026-02-05', share: '30' },
      { day: '2026-02-06', share: '60' },
      { day: '2026-02-08', share: '90' },
      { day: '2026-02-09', share: '100' },
    ]);
  });

  it('stops at 100 and waits until enough days exist', () => {
    expect(
      strategyTargets('LIMIT_BELOW_AVERAGE', { year, days: prices }, { ...options, limitDays: 4 }),
    ).toEqual([
      { day: '2026-02-05', share: '25' },
      { day: '2026-02-06', share: '50' },
      { day: '2026-02-08', share: '75' },
      { day: '2026-02-09', share: '100' },
    ]);
    expect(limitBelowAverageTargets({ year, days: prices }, { days: 2, share: '50' })).toEqual([
      { day: '2026-02-05', share: '50' },
      { day: '2026-02-06', share: '100' },
    ]);
    expect(limitBelowAverageTargets({ year, days: prices }, { days: 9, share: '50' })).toEqual([]);
    expect(limitBelowAverageTargets(empty, { days: 1, share: '50' })).toEqual([]);
  });

  it('refuses a window that is not a positive integer, or a share outside (0, 100]', () => {
    for (const bad of [
      { days: 0, share: '10' },
      { days: 1.5, share: '10' },
      { days: 5, share: '0' },
      { days: 5, share: '100.01' },
    ]) {
      expect(() => limitBelowAverageTargets(input, bad)).toThrow(RangeError);
    }
  });
});

describe('strategyTargets', () => {
  it('gives every strategy nothing to do without priced days', () => {
    const withPolicy = {
      year: { ...year, hedgePolicy: [{ date: '2026-01-01', minShare: '10', maxShare: null }] },
      days: [],
    };
    for (const name of BACKTEST_STRATEGIES) {
      expect(strategyTargets(name, withPolicy, options)).toEqual([]);
    }
  });
});
