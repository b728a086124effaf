import { describe, expect, it } from 'vitest';
import { calendarDaysLeft, openPositionDeadline, tradingDaysLeft } from './deadline-overview';
import { createTradingCalendar } from './trading-calendar';

// Friday 2026-11-20 11:00 Amsterdam.
const FRIDAY_11 = new Date('2026-11-20T10:00:00Z');
const gas = (totalVolume: string, clickedVolume: string) => ({
  name: 'Gas' as const,
  totalVolume,
  clickedVolume,
});

describe('trading days left', () => {
  it('counts today before the close and every trading day up to the deadline day', () => {
    // Fri 20, Mon 23 .. Fri 27: six trading days.
    expect(tradingDaysLeft(FRIDAY_11, '2026-11-27')).toBe(6);
    // After the close today no longer counts.
    expect(tradingDaysLeft(new Date('2026-11-20T16:00:00Z'), '2026-11-27')).toBe(5);
    // On a Saturday neither does it; Christmas and Boxing Day are holidays.
    expect(tradingDaysLeft(new Date('2026-12-19T10:00:00Z'), '2026-12-31')).toBe(8);
  });

  it('does not count the trading day after a deadline that is no trading day', () => {
    // Fri 20, Mon 23 .. Fri 27 up to Saturday the 28th; Monday the 30th is past it.
    expect(tradingDaysLeft(FRIDAY_11, '2026-11-28')).toBe(6);
  });

  it('stops counting one past a limit', () => {
    expect(tradingDaysLeft(FRIDAY_11, '2027-12-31', 3)).toBe(4);
  });

  it('reads another calendar', () => {
    const closed = createTradingCalendar([{ date: '2026-11-23', name: 'closed' }], [2026]);
    expect(tradingDaysLeft(FRIDAY_11, '2026-11-27', undefined, closed)).toBe(5);
  });
});

describe('calendar days left', () => {
  it('counts Amsterdam days, across a clock change', () => {
    expect(calendarDaysLeft(FRIDAY_11, '2026-11-20')).toBe(0);
    expect(calendarDaysLeft(FRIDAY_11, '2026-12-31')).toBe(41);
    // 23:30 UTC on 2026-03-28 is already the 29th in Amsterdam.
    expect(calendarDaysLeft(new Date('2026-03-28T23:30:00Z'), '2026-03-31')).toBe(2);
  });
});

describe('open position deadline', () => {
  const base = {
    clickType: 'ALL' as const,
    period: { maturity: 'Q2' as const, yearOfSupply: 2027 },
    at: FRIDAY_11,
  };

  it('answers the deadline and the open volume per part', () => {
    expect(
      openPositionDeadline({
        ...base,
        parts: [
          { name: 'Peak', totalVolume: '300', clickedVolume: '100.5' },
          { name: 'OffPeak', totalVolume: '200', clickedVolume: '0' },
        ],
      }),
    ).toEqual({
      firstDeliveryDay: '2027-04-01',
      lastTradingDay: '2027-03-31',
      closesAt: new Date('2027-03-31T14:00:00Z'),
      parts: [
        { name: 'Peak', openVolume: '199.5' },
        { name: 'OffPeak', openVolume: '200' },
      ],
      openVolume: '399.5',
    });
  });

  it("follows the contract's deadline rule", () => {
    const deadline = openPositionDeadline({
      ...base,
      parts: [gas('100', '0')],
      deadlineRule: { YEAR: 1, QUARTER: 5, MONTH: 1 },
    });
    // Five trading days before 2027-04-01, Good Friday and Easter Monday closed.
    expect(deadline?.lastTradingDay).toBe('2027-03-23');
  });

  it('answers null for what can no longer be clicked', () => {
    // The click type does not allow quarters.
    expect(openPositionDeadline({ ...base, clickType: 'MONTH', parts: [gas('100', '0')] })).toBe(
      null,
    );
    // The deadline has passed.
    expect(
      openPositionDeadline({
        ...base,
        at: new Date('2027-03-31T14:00:00Z'),
        parts: [gas('100', '0')],
      }),
    ).toBe(null);
    // Nothing open, no volume at all, or one power part fully clicked.
    expect(openPositionDeadline({ ...base, parts: [gas('100', '100')] })).toBe(null);
    expect(openPositionDeadline({ ...base, parts: [gas('0', '0')] })).toBe(null);
    expect(
      openPositionDeadline({
        ...base,
        parts: [
          { name: 'Peak', totalVolume: '300', clickedVolume: '300' },
          { name: 'OffPeak', totalVolume: '200', clickedVolume: '0' },
        ],
      }),
    ).toBe(null);
  });

  it('reads another calendar', () => {
    const closed = createTradingCalendar([{ date: '2027-03-31', name: 'closed' }], [2027]);
    expect(
      openPositionDeadline({ ...base, parts: [gas('1', '0')], calendar: closed })?.lastTradingDay,
    ).toBe('2027-03-30');
  });
});
