import { TZDate } from '@date-fns/tz';

/** The exchange's and the portal's time zone. */
export const TIME_ZONE = 'Europe/Amsterdam';

/** A calendar date in Amsterdam, written "YYYY-MM-DD". */
export type LocalDate = string;

/** A wall-clock time in Amsterdam. */
export interface LocalTime {
  hour: number;
  minute: number;
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: LocalDate): [number, number, number] {
  const match = LOCAL_DATE.exec(date);
  if (match === null) throw new RangeError(`Not a date: "${date}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function format(year: number, month: number, day: number): LocalDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Amsterdam calendar date of an instant. */
export function amsterdamDate(at: Date): LocalDate {
  const local = new TZDate(at.getTime(), TIME_ZONE);
  return format(local.getFullYear(), local.getMonth() + 1, local.getDate());
}

/** The instant at which Amsterdam clocks show the given date and time (DST included). */
export function amsterdamInstant(date: LocalDate, time: LocalTime): Date {
  const [year, month, day] = parts(date);
  return new Date(new TZDate(year, month - 1, day, time.hour, time.minute, TIME_ZONE).getTime());
}

/** The date a number of calendar days later (or earlier when negative). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = parts(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return format(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** Day of the week, 0 = Sunday .. 6 = Saturday. */
export function dayOfWeek(date: LocalDate): number {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The first day of a month, as a date. */
export function firstDayOfMonth(year: number, month: number): LocalDate {
  return format(year, month, 1);
}

/** The year of a date. */
export function yearOf(date: LocalDate): number {
  return parts(date)[0];
}
