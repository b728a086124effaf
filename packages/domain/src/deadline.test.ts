import { describe, expect, it } from 'vitest';
import { isDeadlinePassed, periodDeadline } from './deadline';
import { createTradingCalendar } from './trading-calendar';

describe('period deadline', () => {
  it('is the last trading day before the first delivery day, until 16:00', () => {
    expect(periodDeadline({ maturity: 'Y', yearOfSupply: 2027 })).toEqual({
      firstDeliveryDay: '2027-01-01',
      lastTradingDay: '2026-12-31',
      closesAt: new Date('2026-12-31T15:00:00Z'),
    });
    expect(periodDeadline({ maturity: 'Q2', yearOfSupply: 2027 }).lastTradingDay).toBe(
      '2027-03-31',
    );
    expect(periodDeadline({ maturity: 'M4', yearOfSupply: 2027 }).firstDeliveryDay).toBe(
      '2027-04-01',
    );
  });

  it('steps back over weekends', () => {
    // 2029-01-01 is a Monday; 2028-12-30 and 31 are a weekend.
    expect(periodDeadline({ maturity: 'M1', yearOfSupply: 2029 }).lastTradingDay).toBe(
      '2028-12-29',
    );
  });

  it('steps back over holidays', () => {
    const calendar = createTradingCalendar([{ date: '2027-03-31', name: 'closed' }], [2027]);
    expect(periodDeadline({ maturity: 'Q2', yearOfSupply: 2027 }, calendar).lastTradingDay).toBe(
      '2027-03-30',
    );
  });

  it('closes at 16:00 local time in summer and in winter time', () => {
    expect(periodDeadline({ maturity: 'M4', yearOfSupply: 2026 }).closesAt.toISOString()).toBe(
      '2026-03-31T14:00:00.000Z',
    );
    // 2026-11-01 is a Sunday; the Friday before is after the October clock change.
    expect(periodDeadline({ maturity: 'M11', yearOfSupply: 2026 }).closesAt.toISOString()).toBe(
      '2026-10-30T15:00:00.000Z',
    );
  });

  it('passes at exactly 16:00 on the last trading day', () => {
    const period = { maturity: 'Q1', yearOfSupply: 2027 } as const;
    expect(isDeadlinePassed(new Date('2026-12-31T14:59:59Z'), period)).toBe(false);
    expect(isDeadlinePassed(new Date('2026-12-31T15:00:00Z'), period)).toBe(true);
  });
});
