import { describe, expect, it } from 'vitest';
import {
  ICE_ENDEX_CALENDAR,
  calendarCoversDate,
  createTradingCalendar,
  nextTradingDay,
  previousTradingDay,
} from './trading-calendar';

describe('trading calendar', () => {
  it('trades on weekdays that are not holidays', () => {
    expect(ICE_ENDEX_CALENDAR.isTradingDay('2026-11-20')).toBe(true); // Friday
    expect(ICE_ENDEX_CALENDAR.isTradingDay('2026-11-21')).toBe(false); // Saturday
    expect(ICE_ENDEX_CALENDAR.isTradingDay('2026-11-22')).toBe(false); // Sunday
    expect(ICE_ENDEX_CALENDAR.isTradingDay('2026-12-25')).toBe(false); // Christmas, Friday
    expect(ICE_ENDEX_CALENDAR.isTradingDay('2027-03-26')).toBe(false); // Good Friday
    expect(ICE_ENDEX_CALENDAR.isTradingDay('2027-03-29')).toBe(false); // Easter Monday
    expect(ICE_ENDEX_CALENDAR.isTradingDay('2028-12-26')).toBe(false); // Boxing Day, Tuesday
    expect(ICE_ENDEX_CALENDAR.isTradingDay('2026-12-31')).toBe(true);
  });

  it('steps over weekends and holidays', () => {
    expect(nextTradingDay('2026-11-20')).toBe('2026-11-23');
    expect(nextTradingDay('2026-12-24')).toBe('2026-12-28');
    expect(previousTradingDay('2027-03-30')).toBe('2027-03-25');
    expect(previousTradingDay('2028-12-27')).toBe('2028-12-22');
  });

  it('treats weekdays beyond the holiday data as trading days and says it does not cover them', () => {
    expect(ICE_ENDEX_CALENDAR.isTradingDay('2029-12-25')).toBe(true);
    expect(calendarCoversDate('2029-12-25')).toBe(false);
    expect(calendarCoversDate('2027-06-01')).toBe(true);
  });

  it('refuses to search forever in a calendar without trading days', () => {
    const days = Array.from({ length: 800 }, (_, i) => {
      const date = new Date(Date.UTC(2026, 0, 1 + i));
      return { date: date.toISOString().slice(0, 10), name: 'closed' };
    });
    const closed = createTradingCalendar(days, [2026, 2027]);
    expect(() => nextTradingDay('2026-01-01', closed)).toThrow(RangeError);
  });
});
