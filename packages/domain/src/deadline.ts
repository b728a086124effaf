import { amsterdamInstant, firstDayOfMonth, type LocalDate } from './amsterdam-time';
import { monthsOf, periodTypeOf, type Period, type PeriodType } from './maturity';
import { ICE_ENDEX_CALENDAR, previousTradingDay, type TradingCalendar } from './trading-calendar';
import { OTC_CLOSES } from './trading-hours';

/** When a period may last be clicked. */
export interface PeriodDeadline {
  /** The first day of delivery of the period. */
  firstDeliveryDay: LocalDate;
  /** The last trading day before the first delivery day: the last day the period may be clicked. */
  lastTradingDay: LocalDate;
  /** The end of clicking on the last trading day (16:00 Amsterdam, the OTC close). */
  closesAt: Date;
}

/**
 * A contract's click deadline per period type: the last day to click is the Nth trading day
 * before delivery starts (1: the last trading day before the first delivery day).
 */
export type DeadlineRule = Readonly<Record<PeriodType, number>>;

/** The portal's rule for contracts that set none: the last trading day before delivery. */
export const DEFAULT_DEADLINE_RULE: DeadlineRule = { YEAR: 1, QUARTER: 1, MONTH: 1 };

/** The most trading days before delivery a deadline rule may name (about three months). */
export const MAX_DEADLINE_TRADING_DAYS = 60;

/**
 * The deadline of a period: the Nth trading day before its first delivery day (N from the
 * contract's rule for the period type, 1 by default), ending at the OTC close (16:00 Amsterdam)
 * of that day.
 */
export function periodDeadline(
  period: Period,
  calendar: TradingCalendar = ICE_ENDEX_CALENDAR,
  rule: DeadlineRule = DEFAULT_DEADLINE_RULE,
): PeriodDeadline {
  let byPeriod = deadlineCache.get(calendar);
  if (byPeriod === undefined) {
    byPeriod = new Map();
    deadlineCache.set(calendar, byPeriod);
  }
  const tradingDaysBefore = rule[periodTypeOf(period.maturity)];
  const key = `${period.yearOfSupply}/${period.maturity}/${tradingDaysBefore}`;
  let deadline = byPeriod.get(key);
  if (deadline === undefined) {
    deadline = computeDeadline(period, calendar, tradingDaysBefore);
    byPeriod.set(key, deadline);
  }
  return { ...deadline, closesAt: new Date(deadline.closesAt) };
}

// Asked for every position on every request; a few entries per year of supply, so it stays small.
const deadlineCache = new WeakMap<TradingCalendar, Map<string, PeriodDeadline>>();

function computeDeadline(
  period: Period,
  calendar: TradingCalendar,
  tradingDaysBefore: number,
): PeriodDeadline {
  if (!Number.isInteger(tradingDaysBefore) || tradingDaysBefore < 1) {
    throw new RangeError(`A deadline is at least one trading day before delivery`);
  }
  const firstMonth = monthsOf(period.maturity)[0] as number;
  const firstDeliveryDay = firstDayOfMonth(period.yearOfSupply, firstMonth);
  let lastTradingDay = firstDeliveryDay;
  for (let n = 0; n < tradingDaysBefore; n++) {
    lastTradingDay = previousTradingDay(lastTradingDay, calendar);
  }
  return {
    firstDeliveryDay,
    lastTradingDay,
    closesAt: amsterdamInstant(lastTradingDay, OTC_CLOSES),
  };
}

/** Whether the deadline of a period has passed at an instant (DC_21). */
export function isDeadlinePassed(
  at: Date,
  period: Period,
  calendar: TradingCalendar = ICE_ENDEX_CALENDAR,
  rule: DeadlineRule = DEFAULT_DEADLINE_RULE,
): boolean {
  return at.getTime() >= periodDeadline(period, calendar, rule).closesAt.getTime();
}
