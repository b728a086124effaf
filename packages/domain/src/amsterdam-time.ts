import { tzOffset } from '@date-fns/tz';

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
  // Shifting by the offset turns the UTC calendar into the Amsterdam one; tzOffset is far cheaper
  // than building a zoned date, and the server asks this for every position.
  const local = new Date(at.getTime() + tzOffset(TIME_ZONE, at) * MINUTE);
  return format(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate());
}

const MINUTE = 60_000;

/** The instant at which Amsterdam clocks show the given date and time (DST included). */
export function amsterdamInstant(date: LocalDate, time: LocalTime): Date {
  const [year, month, day] = parts(date);
  const wallClock = Date.UTC(year, month - 1, day, time.hour, time.minute);
  // The offset at the wall-clock time read as UTC is right except within hours of a clock change;
  // asking again at the first answer settles it.
  const guess = wallClock - tzOffset(TIME_ZONE, new Date(wallClock)) * MINUTE;
  return new Date(wallClock - tzOffset(TIME_ZONE, new Date(guess)) * MINUTE);
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
