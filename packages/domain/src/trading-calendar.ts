import { addDays, dayOfWeek, yearOf, type LocalDate } from './amsterdam-time';
import { ICE_ENDEX_HOLIDAY_YEARS, ICE_ENDEX_HOLIDAYS, type ExchangeHoliday } from './holidays';

/**
 * Which days the exchange trades. A calendar must not change once made: sessions and deadlines
 * derived from it are kept per calendar object. Make a new calendar when the holiday data changes.
 */
export interface TradingCalendar {
  /** Whether trading happens on a date: a weekday that is not a holiday. */
  isTradingDay(date: LocalDate): boolean;
  /** Whether the holiday data is complete for a year; outside it only weekends are known. */
  covers(year: number): boolean;
}

/**
 * Builds a trading calendar from holiday data. Outside the covered years every weekday counts as
 * a trading day: the portal keeps working, and `covers` lets the server warn that data is missing.
 */
export function createTradingCalendar(
  holidays: readonly ExchangeHoliday[],
  coveredYears: readonly number[],
): TradingCalendar {
  const closed = new Set(holidays.map((holiday) => holiday.date));
  const years = new Set(coveredYears);
  return {
    isTradingDay: (date) => {
      const weekday = dayOfWeek(date);
      return weekday !== 0 && weekday !== 6 && !closed.has(date);
    },
    covers: (year) => years.has(year),
  };
}

/** The ICE Endex calendar with the listed holidays (2026-2028). */
export const ICE_ENDEX_CALENDAR: TradingCalendar = createTradingCalendar(
  ICE_ENDEX_HOLIDAYS,
  ICE_ENDEX_HOLIDAY_YEARS,
);

// No real calendar has a year without trading; a longer search means broken holiday data.
const MAX_SEARCH_DAYS = 366;

function search(from: LocalDate, step: 1 | -1, calendar: TradingCalendar): LocalDate {
  let date = from;
  for (let i = 0; i < MAX_SEARCH_DAYS; i++) {
    date = addDays(date, step);
    if (calendar.isTradingDay(date)) return date;
  }
  throw new RangeError(`No trading day within a year of ${from}`);
}

/** The first trading day strictly after a date. */
export function nextTradingDay(
  date: LocalDate,
  calendar: TradingCalendar = ICE_ENDEX_CALENDAR,
): LocalDate {
  return search(date, 1, calendar);
}

/** The last trading day strictly before a date. */
export function previousTradingDay(
  date: LocalDate,
  calendar: TradingCalendar = ICE_ENDEX_CALENDAR,
): LocalDate {
  return search(date, -1, calendar);
}

/** Whether the holiday data of a calendar covers the year of a date. */
export function calendarCoversDate(
  date: LocalDate,
  calendar: TradingCalendar = ICE_ENDEX_CALENDAR,
): boolean {
  return calendar.covers(yearOf(date));
}
