import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek } from './amsterdam-time';
import { ICE_ENDEX_HOLIDAYS, ICE_ENDEX_HOLIDAY_YEARS } from './holidays';

// Anonymous Gregorian algorithm (Meeus/Jones/Butcher), only to check the listed dates.
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

describe('ICE Endex holidays', () => {
  it('computes Easter correctly for known years', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
  });

  it('lists the five closing days of every covered year, with Easter from the algorithm', () => {
    expect(ICE_ENDEX_HOLIDAY_YEARS).toEqual([2026, 2027, 2028]);
    for (const year of ICE_ENDEX_HOLIDAY_YEARS) {
      const easter = easterSunday(year);
      const dates = ICE_ENDEX_HOLIDAYS.filter((h) => h.date.startsWith(`${year}-`)).map(
        (h) => h.date,
      );
      expect(dates).toEqual([
        `${year}-01-01`,
        addDays(easter, -2),
        addDays(easter, 1),
        `${year}-12-25`,
        `${year}-12-26`,
      ]);
      expect(dayOfWeek(addDays(easter, -2))).toBe(5);
      expect(dayOfWeek(addDays(easter, 1))).toBe(1);
    }
  });
});
