import { firstDayOfMonth, yearOf, type LocalDate } from '../amsterdam-time';
import { Dec, fromDec, toDec, type DecimalString } from '../decimal';
import { corridorAt, type HedgeCorridor } from '../hedge-policy';
import { seriesOf } from './internal';
import type { DailyPrice, ShareTarget, StrategyInput } from './types';

/*
 * The strategies a year is replayed with. Each only says which share of the year should be fixed
 * by which day; the replay (replay.ts) turns that into clicks under the contract's rules, so a
 * strategy never needs to know about minimum clicks, runout or deadlines.
 */

export const BACKTEST_STRATEGIES = [
  'CORRIDOR_LOWER',
  'CORRIDOR_MIDDLE',
  'CORRIDOR_UPPER',
  'EQUAL_TRANCHES',
  'FIRST_DAY',
  'LAST_DAY',
  'LIMIT_BELOW_AVERAGE',
] as const;
export type StrategyName = (typeof BACKTEST_STRATEGIES)[number];

/** Which bound of the hedge corridor a corridor strategy follows. */
export type CorridorLevel = 'LOWER' | 'MIDDLE' | 'UPPER';
/** The periods equal tranches are spread over. */
export type TrancheSchedule = 'MONTHLY' | 'QUARTERLY';

export interface StrategyOptions {
  trancheSchedule: TrancheSchedule;
  /** LIMIT_BELOW_AVERAGE: the number of previous priced days averaged (at least 1). */
  limitDays: number;
  /** LIMIT_BELOW_AVERAGE: percent of the year fixed per signal; the API's integer is accepted. */
  limitShare: DecimalString | number;
}

/** Tranche levels are given to 4 decimals of a percent; the last one is exactly 100. */
const SHARE_DECIMALS = 4;
const HUNDRED = new Dec(100);

interface Step {
  day: LocalDate;
  share: Dec;
}

/**
 * Steps to cumulative targets: the highest share per day, in day order, kept only where it rises
 * (fixed volume cannot be given back, so a lower level later asks nothing) and capped at 100.
 */
function cumulative(steps: readonly Step[]): ShareTarget[] {
  const highest = new Map<LocalDate, Dec>();
  for (const step of steps) {
    highest.set(step.day, Dec.max(step.share, highest.get(step.day) ?? 0));
  }
  const targets: ShareTarget[] = [];
  let level = new Dec(0);
  for (const day of [...highest.keys()].sort()) {
    const share = Dec.min(highest.get(day) as Dec, HUNDRED);
    if (share.gt(level)) {
      level = share;
      targets.push({ day, share: fromDec(share) });
    }
  }
  return targets;
}

/** Finds the first priced day on or after a date; null when the history ends before it. */
function dayFinder(days: readonly DailyPrice[]): (date: LocalDate) => LocalDate | null {
  const series = seriesOf(days);
  if (series === null) return (date) => days.find((day) => day.day >= date)?.day ?? null;
  // A series handed out by yearDailyPrices is in day order: halve the search.
  const ordered = series.days;
  return (date) => {
    let low = 0;
    let high = ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((ordered[middle] as LocalDate) < date) low = middle + 1;
      else high = middle;
    }
    return ordered[low] ?? null;
  };
}

function corridorLevel(corridor: HedgeCorridor, level: CorridorLevel): Dec {
  const min = toDec(corridor.min);
  const max = toDec(corridor.max);
  switch (level) {
    case 'LOWER':
      return min;
    case 'MIDDLE':
      return min.plus(max).div(2);
    case 'UPPER':
      return max;
  }
}

/**
 * Follows the hedge policy's corridor at one level: on the first priced day, and on the first
 * priced day from each policy point in the window on, the level of the corridor in force that
 * day. Null without a policy. Before the policy's first point the corridor is 0..100, so UPPER
 * fixes everything on the first day and MIDDLE half.
 */
export function corridorTargets(input: StrategyInput, level: CorridorLevel): ShareTarget[] | null {
  const policy = input.year.hedgePolicy;
  if (policy === null) return null;
  const dates = [
    input.year.from,
    ...policy
      .map((point) => point.date)
      .filter((date) => date >= input.year.from && date <= input.year.to),
  ];
  const dayFrom = dayFinder(input.days);
  const steps: Step[] = [];
  for (const date of dates) {
    const day = dayFrom(date);
    if (day !== null) steps.push({ day, share: corridorLevel(corridorAt(policy, day), level) });
  }
  return cumulative(steps);
}

/** The window's calendar months (or quarters) as their first days, the first one from `from`. */
function periodStarts(from: LocalDate, to: LocalDate, months: number): LocalDate[] {
  const index = (date: LocalDate) =>
    Math.floor((yearOf(date) * 12 + Number(date.slice(5, 7)) - 1) / months);
  const starts: LocalDate[] = [];
  for (let period = index(from); period <= index(to); period++) {
    const month = period * months;
    starts.push(firstDayOfMonth(Math.floor(month / 12), (month % 12) + 1));
  }
  return starts;
}

/**
 * Equal tranches: the window split into calendar months (or quarters), n of them; on the first
 * priced day of the k-th period the year should be k/n fixed (to 4 decimals of a percent, so the
 * last tranche lands on exactly 100). A period without a priced day passes its tranche on to the
 * next priced day.
 */
export function equalTranchesTargets(
  input: StrategyInput,
  schedule: TrancheSchedule,
): ShareTarget[] {
  const starts = periodStarts(input.year.from, input.year.to, schedule === 'MONTHLY' ? 1 : 3);
  const dayFrom = dayFinder(input.days);
  const steps: Step[] = [];
  starts.forEach((start, k) => {
    const day = dayFrom(start);
    if (day !== null) {
      const share = HUNDRED.times(k + 1)
        .div(starts.length)
        .toDecimalPlaces(SHARE_DECIMALS, Dec.ROUND_HALF_UP);
      steps.push({ day, share });
    }
  });
  return cumulative(steps);
}

/** Everything on the first priced day of the window. */
export function firstDayTargets(input: StrategyInput): ShareTarget[] {
  return input.days.slice(0, 1).map((day) => ({ day: day.day, share: '100' }));
}

/** Everything on the last priced day of the window. */
export function lastDayTargets(input: StrategyInput): ShareTarget[] {
  return input.days.slice(-1).map((day) => ({ day: day.day, share: '100' }));
}

/**
 * A limit order below the moving average: on each day whose price is strictly below the average
 * of the previous `days` priced days (once that many exist), `share` percent more, until 100.
 *
 * @throws RangeError when `days` is not a positive integer or `share` not in (0, 100].
 */
export function limitBelowAverageTargets(
  input: StrategyInput,
  options: { days: number; share: DecimalString },
): ShareTarget[] {
  const share = toDec(options.share);
  if (!Number.isInteger(options.days) || options.days < 1 || share.lte(0) || share.gt(HUNDRED)) {
    throw new RangeError(`Invalid limit: ${options.days} days, ${options.share}%`);
  }
  const units = seriesOf(input.days)?.priceUnits;
  const below =
    units && fitsIntegers(units, options.days)
      ? integerSignals(units, options.days)
      : decimalSignals(
          input.days.map((day) => toDec(day.price)),
          options.days,
        );
  const targets: ShareTarget[] = [];
  let level = new Dec(0);
  for (const i of below) {
    if (level.gte(HUNDRED)) break;
    level = Dec.min(level.plus(share), HUNDRED);
    targets.push({ day: (input.days[i] as DailyPrice).day, share: fromDec(level) });
  }
  return targets;
}

// Comparing price x N with the sum of the previous N avoids dividing: strictly below, exactly.

/** The indexes of the days priced strictly below the average of the previous `n`. */
function decimalSignals(prices: readonly Dec[], n: number): number[] {
  const below: number[] = [];
  let sum = prices.slice(0, n).reduce((acc, price) => acc.plus(price), new Dec(0));
  for (let i = n; i < prices.length; i++) {
    const price = prices[i] as Dec;
    if (price.times(n).lt(sum)) below.push(i);
    sum = sum.plus(price).minus(prices[i - n] as Dec);
  }
  return below;
}

/** Whether n + 1 prices in units of 10^-4 add up to a safe integer, so that integers are exact. */
function fitsIntegers(units: readonly number[], n: number): boolean {
  const largest = units.reduce((max, price) => Math.max(max, Math.abs(price)), 0);
  return largest * (n + 1) <= Number.MAX_SAFE_INTEGER;
}

/** decimalSignals on prices in units of 10^-4 (yearDailyPrices'), when they fit integers. */
function integerSignals(units: readonly number[], n: number): number[] {
  const below: number[] = [];
  let sum = 0;
  for (let i = 0; i < Math.min(n, units.length); i++) sum += units[i] as number;
  for (let i = n; i < units.length; i++) {
    const price = units[i] as number;
    if (price * n < sum) below.push(i);
    sum = sum + price - (units[i - n] as number);
  }
  return below;
}

/** The targets of a strategy by name; null when it is unavailable (a corridor without policy). */
export function strategyTargets(
  name: StrategyName,
  input: StrategyInput,
  options: StrategyOptions,
): ShareTarget[] | null {
  switch (name) {
    case 'CORRIDOR_LOWER':
      return corridorTargets(input, 'LOWER');
    case 'CORRIDOR_MIDDLE':
      return corridorTargets(input, 'MIDDLE');
    case 'CORRIDOR_UPPER':
      return corridorTargets(input, 'UPPER');
    case 'EQUAL_TRANCHES':
      return equalTranchesTargets(input, options.trancheSchedule);
    case 'FIRST_DAY':
      return firstDayTargets(input);
    case 'LAST_DAY':
      return lastDayTargets(input);
    case 'LIMIT_BELOW_AVERAGE':
      return limitBelowAverageTargets(input, {
        days: options.limitDays,
        share: String(options.limitShare),
      });
  }
}
