import { amsterdamInstant, firstDayOfMonth, type LocalDate } from './amsterdam-time';
import { monthsOf, type Period } from './maturity';
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
 * The deadline of a period: the last trading day before its first delivery day, ending at the
 * OTC close (16:00 Amsterdam) of that day.
 */
export function periodDeadline(
  period: Period,
  calendar: TradingCalendar = ICE_ENDEX_CALENDAR,
): PeriodDeadline {
  let byPeriod = deadlineCache.get(calendar);
  if (byPeriod === undefined) {
    byPeriod = new Map();
    deadlineCache.set(calendar, byPeriod);
  }
  const key = `${period.yearOfSupply}/${period.maturity}`;
  let deadline = byPeriod.get(key);
  if (deadline === undefined) {
    deadline = computeDeadline(period, calendar);
    byPeriod.set(key, deadline);
  }
  return { ...deadline, closesAt: new Date(deadline.closesAt) };
}

// Asked for every position on every request; a few entries per year of supply, so it stays small.
const deadlineCache = new WeakMap<TradingCalendar, Map<string, PeriodDeadline>>();

function computeDeadline(period: Period, calendar: TradingCalendar): PeriodDeadline {
  const firstMonth = monthsOf(period.maturity)[0] as number;
  const firstDeliveryDay = firstDayOfMonth(period.yearOfSupply, firstMonth);
  const lastTradingDay = previousTradingDay(firstDeliveryDay, calendar);
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
): boolean {
  return at.getTime() >= periodDeadline(period, calendar).closesAt.getTime();
}
