import type { LocalDate } from './amsterdam-time';
import { Dec, fromDec, toDec, type DecimalString } from './decimal';

/**
 * A point of a hedge policy: from `date` on, at least `minShare` percent of the year's volume
 * should be fixed, and (when `maxShare` is set) at most `maxShare` percent.
 */
export interface HedgePoint {
  date: LocalDate;
  minShare: DecimalString;
  /** null: no maximum (100%). */
  maxShare: DecimalString | null;
}

/** The corridor a year must be in on a day, in percent of its volume. */
export interface HedgeCorridor {
  min: DecimalString;
  max: DecimalString;
  /** The point in force (the last one on or before the day); null before the first point. */
  point: HedgePoint | null;
}

/** Where a year's fixed share stands against its corridor; on a limit is on the corridor. */
export type HedgePosition = 'ON' | 'BEHIND' | 'AHEAD';

/** Why a policy is refused; null when it is valid. */
export type HedgePolicyProblem =
  | 'POINTS_REQUIRED'
  | 'SHARE_INVALID'
  | 'SHARE_RANGE_INVALID'
  | 'DATES_NOT_INCREASING'
  | 'SHARES_DECREASING';

const HUNDRED = new Dec(100);

function isShare(value: Dec): boolean {
  return value.gte(0) && value.lte(HUNDRED);
}

/**
 * A policy is one or more points with dates strictly increasing, every share 0..100, a maximum
 * not below its minimum, and the minimum never decreasing from one point to the next (fixed
 * volume cannot be given back, so a falling minimum would ask nothing). A maximum may come later
 * or fall: being above it is shown (AHEAD), never refused.
 */
export function hedgePolicyProblem(points: readonly HedgePoint[]): HedgePolicyProblem | null {
  if (points.length === 0) return 'POINTS_REQUIRED';
  let previous: { date: LocalDate; min: Dec } | null = null;
  for (const point of points) {
    const min = toDec(point.minShare);
    const max = point.maxShare === null ? HUNDRED : toDec(point.maxShare);
    if (!isShare(min) || !isShare(max)) return 'SHARE_INVALID';
    if (max.lt(min)) return 'SHARE_RANGE_INVALID';
    if (previous) {
      if (point.date <= previous.date) return 'DATES_NOT_INCREASING';
      if (min.lt(previous.min)) return 'SHARES_DECREASING';
    }
    previous = { date: point.date, min };
  }
  return null;
}

/**
 * The corridor on a day. A step function: the last point on or before the day is in force until
 * the next point's day (a policy says "at least 30% a year before delivery", a threshold from that
 * day on, not a ramp towards it); before the first point there is no requirement (0..100).
 * Points are taken in date order whatever order they are given in.
 */
export function corridorAt(points: readonly HedgePoint[], day: LocalDate): HedgeCorridor {
  let inForce: HedgePoint | null = null;
  for (const point of points) {
    if (point.date <= day && (inForce === null || point.date > inForce.date)) inForce = point;
  }
  if (inForce === null) return { min: '0', max: '100', point: null };
  return {
    min: fromDec(toDec(inForce.minShare)),
    max: inForce.maxShare === null ? '100' : fromDec(toDec(inForce.maxShare)),
    point: inForce,
  };
}

/** Where a fixed share (percent of the year's volume) stands against the corridor on a day. */
export function hedgePosition(
  points: readonly HedgePoint[],
  day: LocalDate,
  fixedShare: DecimalString,
): HedgePosition {
  const corridor = corridorAt(points, day);
  const share = toDec(fixedShare);
  if (share.lt(toDec(corridor.min))) return 'BEHIND';
  if (share.gt(toDec(corridor.max))) return 'AHEAD';
  return 'ON';
}
