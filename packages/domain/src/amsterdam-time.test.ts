import { describe, expect, it } from 'vitest';
import {
  addDays,
  amsterdamDate,
  amsterdamInstant,
  dayOfWeek,
  firstDayOfMonth,
  yearOf,
} from './amsterdam-time';

describe('Amsterdam time', () => {
  it('maps wall-clock times to instants in winter and summer time', () => {
    expect(amsterdamInstant('2026-11-20', { hour: 10, minute: 0 }).toISOString()).toBe(
      '2026-11-20T09:00:00.000Z',
    );
    expect(amsterdamInstant('2026-06-15', { hour: 10, minute: 0 }).toISOString()).toBe(
      '2026-06-15T08:00:00.000Z',
    );
  });

  it('handles the last Sundays of March and October', () => {
    // 2026-03-29: clocks go from 02:00 to 03:00; 2026-10-25: from 03:00 back to 02:00.
    expect(amsterdamInstant('2026-03-29', { hour: 10, minute: 0 }).toISOString()).toBe(
      '2026-03-29T08:00:00.000Z',
    );
    expect(amsterdamInstant('2026-10-25', { hour: 10, minute: 0 }).toISOString()).toBe(
      '2026-10-25T09:00:00.000Z',
    );
    expect(amsterdamDate(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(amsterdamDate(new Date('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(amsterdamDate(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('does calendar arithmetic on dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(dayOfWeek('2026-11-20')).toBe(5);
    expect(firstDayOfMonth(2027, 4)).toBe('2027-04-01');
    expect(yearOf('2028-02-29')).toBe(2028);
    expect(() => addDays('20261120', 1)).toThrow(RangeError);
  });
});
