import { amsterdamDate, amsterdamInstant, type LocalDate } from './amsterdam-time';
import { clickTypeAllows, type ClickType } from './click-type';
import type { ContractPartName } from './contract';
import { periodDeadline, DEFAULT_DEADLINE_RULE, type DeadlineRule } from './deadline';
import { fromDec, toDec, type DecimalString } from './decimal';
import type { Period } from './maturity';
import { openVolume } from './open-volume';
import { ICE_ENDEX_CALENDAR, nextTradingDay, type TradingCalendar } from './trading-calendar';
import { OTC_CLOSES } from './trading-hours';

/**
 * The trading days left to click at an instant up to a deadline day: today while it trades and
 * before the close, and every trading day after it up to and including the deadline day. Counts
 * no further than `limit + 1`, which is enough to tell whether it is within a limit.
 */
export function tradingDaysLeft(
  at: Date,
  deadline: LocalDate,
  limit: number = Number.POSITIVE_INFINITY,
  calendar: TradingCalendar = ICE_ENDEX_CALENDAR,
): number {
  const today = amsterdamDate(at);
  let count =
    calendar.isTradingDay(today) && at.getTime() < amsterdamInstant(today, OTC_CLOSES).getTime()
      ? 1
      : 0;
  let day = today;
  while (day < deadline && count <= limit) {
    day = nextTradingDay(day, calendar);
    if (day <= deadline) count += 1;
  }
  return count;
}

const DAY_MS = 86_400_000;

/** Calendar days from the Amsterdam date of an instant to a day: 0 on the day itself. */
export function calendarDaysLeft(at: Date, deadline: LocalDate): number {
  return Math.round(
    (Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${amsterdamDate(at)}T00:00:00Z`)) / DAY_MS,
  );
}

/** One contract part of a position: its volume and what of it is clicked (MWh). */
export interface DeadlinePartVolumes {
  name: ContractPartName;
  totalVolume: DecimalString;
  clickedVolume: DecimalString;
}

/** A position that can still be clicked, with its deadline. */
export interface OpenPositionDeadline {
  /** The last trading day the position may be clicked. */
  lastTradingDay: LocalDate;
  /** The end of clicking on that day (16:00 Amsterdam). */
  closesAt: Date;
  firstDeliveryDay: LocalDate;
  /** Per part with volume, its open volume (MWh). */
  parts: { name: ContractPartName; openVolume: DecimalString }[];
  /** The open volume summed over the parts. */
  openVolume: DecimalString;
}

/**
 * The deadline of a position that can still be clicked, on the lasting grounds of the
 * clickability rules (decideClickability): the click type allows its period type (not DC_10),
 * its deadline by the contract's rule has not passed (not DC_21), and every part with volume has
 * volume open (not DC_12, not DC_11). What passes by itself (window, pause, price, a pending
 * click) and who looks do not count. Null when the position can no longer be clicked.
 */
export function openPositionDeadline(input: {
  clickType: ClickType;
  period: Period;
  parts: readonly DeadlinePartVolumes[];
  at: Date;
  deadlineRule?: DeadlineRule;
  calendar?: TradingCalendar;
}): OpenPositionDeadline | null {
  if (!clickTypeAllows(input.clickType, input.period.maturity)) return null;
  const deadline = periodDeadline(
    input.period,
    input.calendar ?? ICE_ENDEX_CALENDAR,
    input.deadlineRule ?? DEFAULT_DEADLINE_RULE,
  );
  if (input.at.getTime() >= deadline.closesAt.getTime()) return null;
  const withVolume = input.parts.filter((part) => toDec(part.totalVolume).gt(0));
  const parts = withVolume.map((part) => ({ name: part.name, openVolume: openVolume(part) }));
  if (parts.length === 0 || parts.some((part) => !toDec(part.openVolume).gt(0))) return null;
  return {
    ...deadline,
    parts,
    openVolume: fromDec(parts.reduce((sum, part) => sum.plus(toDec(part.openVolume)), toDec('0'))),
  };
}
