import { describe, expect, it } from 'vitest';
import { createTradingCalendar } from './trading-calendar';
import {
  applicablePriceSource,
  isWindowOpen,
  openSessions,
  sessionsOfTradingDay,
  windowState,
} from './trading-window';

const utc = (iso: string) => new Date(iso);

describe('trading window', () => {
  // 2026-11-20 is a Friday in winter time: Amsterdam = UTC+1.
  it('opens OTC on trading days from 10:00 until just before 16:00', () => {
    const q = { marketOption: 'OTC_ONLY', market: 'OTC' } as const;
    expect(isWindowOpen(utc('2026-11-20T08:59:59Z'), q)).toBe(false);
    expect(isWindowOpen(utc('2026-11-20T09:00:00Z'), q)).toBe(true);
    expect(isWindowOpen(utc('2026-11-20T14:59:59Z'), q)).toBe(true); // 15:59:59
    expect(isWindowOpen(utc('2026-11-20T15:00:00Z'), q)).toBe(false); // 16:00:00
    expect(isWindowOpen(utc('2026-11-21T11:00:00Z'), q)).toBe(false); // Saturday
    expect(isWindowOpen(utc('2026-12-25T11:00:00Z'), q)).toBe(false); // Christmas
  });

  it('never opens ICE for OTC_ONLY', () => {
    expect(
      isWindowOpen(utc('2026-11-20T11:00:00Z'), { marketOption: 'OTC_ONLY', market: 'ICE' }),
    ).toBe(false);
  });

  it('accepts ICE pre-end-of-day orders until 15:30 with PRE_EOD', () => {
    const q = { marketOption: 'PRE_EOD', market: 'ICE' } as const;
    expect(applicablePriceSource(utc('2026-11-20T14:29:59Z'), q)).toBe('ICE_END_OF_DAY');
    expect(applicablePriceSource(utc('2026-11-20T14:30:00Z'), q)).toBeNull();
    expect(applicablePriceSource(utc('2026-11-20T14:30:00Z'), { ...q, market: 'OTC' })).toBe(
      'OTC_LIVE',
    );
  });

  it('accepts ICE overnight orders from 15:30 until 09:30 on trading days with PRE_EOD_AND_OVERNIGHT', () => {
    const q = { marketOption: 'PRE_EOD_AND_OVERNIGHT', market: 'ICE' } as const;
    expect(applicablePriceSource(utc('2026-11-19T14:30:00Z'), q)).toBe('ICE_OVERNIGHT'); // Thu 15:30
    expect(applicablePriceSource(utc('2026-11-19T22:00:00Z'), q)).toBe('ICE_OVERNIGHT'); // Thu 23:00
    expect(applicablePriceSource(utc('2026-11-20T08:29:59Z'), q)).toBe('ICE_OVERNIGHT'); // Fri 09:29:59
    expect(applicablePriceSource(utc('2026-11-20T08:30:00Z'), q)).toBeNull(); // Fri 09:30
    expect(applicablePriceSource(utc('2026-11-20T09:00:00Z'), q)).toBe('ICE_END_OF_DAY'); // Fri 10:00
    expect(applicablePriceSource(utc('2026-11-21T11:00:00Z'), q)).toBeNull(); // Saturday
  });

  it('fixes evening overnight orders at the next trading day, morning ones the same day', () => {
    const sessions = sessionsOfTradingDay('2026-12-24', 'PRE_EOD_AND_OVERNIGHT');
    const overnight = sessions.filter((s) => s.priceSource === 'ICE_OVERNIGHT');
    expect(overnight.map((s) => s.fixingDay)).toEqual(['2026-12-24', '2026-12-28']);
    expect(overnight.map((s) => s.opensAt.toISOString())).toEqual([
      '2026-12-23T23:00:00.000Z',
      '2026-12-24T14:30:00.000Z',
    ]);
    expect(overnight[1]?.closesAt.toISOString()).toBe('2026-12-24T23:00:00.000Z');
    expect(sessionsOfTradingDay('2026-12-24', 'OTC_ONLY')).toHaveLength(1);
    expect(sessionsOfTradingDay('2026-12-24', 'PRE_EOD')).toHaveLength(2);
  });

  it('lists the open sessions of both markets, at most one per market', () => {
    const at = utc('2026-11-20T14:45:00Z'); // 15:45
    const sessions = openSessions(at, { marketOption: 'PRE_EOD_AND_OVERNIGHT' });
    expect(sessions.map((s) => [s.market, s.priceSource])).toEqual([
      ['OTC', 'OTC_LIVE'],
      ['ICE', 'ICE_OVERNIGHT'],
    ]);
  });

  it('tells when a closed window next opens and closes, over the weekend', () => {
    const state = windowState(utc('2026-11-20T15:00:00Z'), { marketOption: 'OTC_ONLY' });
    expect(state.open).toBe(false);
    expect(state.openSessions).toEqual([]);
    expect(state.nextOpen?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(state.nextClose?.toISOString()).toBe('2026-11-23T15:00:00.000Z');
  });

  it('tells when an open window closes and when it opens again', () => {
    const state = windowState(utc('2026-11-20T12:00:00Z'), { marketOption: 'OTC_ONLY' });
    expect(state.open).toBe(true);
    expect(state.nextClose?.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(state.nextOpen?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
  });

  it('treats end-of-day and overnight sessions as one stretch until 09:30', () => {
    const state = windowState(utc('2026-11-19T12:00:00Z'), {
      marketOption: 'PRE_EOD_AND_OVERNIGHT',
      market: 'ICE',
    });
    expect(state.nextClose?.toISOString()).toBe('2026-11-20T08:30:00.000Z'); // Fri 09:30
    expect(state.nextOpen?.toISOString()).toBe('2026-11-20T09:00:00.000Z'); // Fri 10:00
    // Friday evening: open until midnight, then closed over the weekend until Monday 00:00.
    const friday = windowState(utc('2026-11-20T20:00:00Z'), {
      marketOption: 'PRE_EOD_AND_OVERNIGHT',
      market: 'ICE',
    });
    expect(friday.nextClose?.toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(friday.nextOpen?.toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('is correct across the last Sunday of March', () => {
    // Friday 2026-03-27 is winter time, Monday 2026-03-30 summer time.
    const state = windowState(utc('2026-03-29T10:00:00Z'), { marketOption: 'OTC_ONLY' });
    expect(state.open).toBe(false);
    expect(state.nextOpen?.toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(state.nextClose?.toISOString()).toBe('2026-03-30T14:00:00.000Z');
    expect(isWindowOpen(utc('2026-03-27T14:59:59Z'), { marketOption: 'OTC_ONLY' })).toBe(true);
    expect(isWindowOpen(utc('2026-03-30T07:59:59Z'), { marketOption: 'OTC_ONLY' })).toBe(false);
  });

  it('is correct across the last Sunday of October', () => {
    const state = windowState(utc('2026-10-25T10:00:00Z'), { marketOption: 'OTC_ONLY' });
    expect(state.nextOpen?.toISOString()).toBe('2026-10-26T09:00:00.000Z');
    expect(state.nextClose?.toISOString()).toBe('2026-10-26T15:00:00.000Z');
    // Friday 2026-10-23 was still summer time: 16:00 is 14:00Z.
    expect(isWindowOpen(utc('2026-10-23T13:59:59Z'), { marketOption: 'OTC_ONLY' })).toBe(true);
    expect(isWindowOpen(utc('2026-10-23T14:00:00Z'), { marketOption: 'OTC_ONLY' })).toBe(false);
  });

  it('keeps only sessions fixed by the period deadline', () => {
    const period = { maturity: 'Y', yearOfSupply: 2027 } as const;
    // 2026-12-31 15:45, the last trading day for 2027: the overnight fixing would be in 2027.
    const lastDay = openSessions(utc('2026-12-31T14:45:00Z'), {
      marketOption: 'PRE_EOD_AND_OVERNIGHT',
      period,
    });
    expect(lastDay.map((s) => s.priceSource)).toEqual(['OTC_LIVE']);
    const after = windowState(utc('2026-12-31T15:00:00Z'), {
      marketOption: 'PRE_EOD_AND_OVERNIGHT',
      period,
    });
    expect(after).toEqual({ open: false, openSessions: [], nextOpen: null, nextClose: null });
    // The morning of the last day still takes overnight orders: they fix that morning.
    const morning = openSessions(utc('2026-12-31T07:00:00Z'), {
      marketOption: 'PRE_EOD_AND_OVERNIGHT',
      period,
    });
    expect(morning.map((s) => s.priceSource)).toEqual(['ICE_OVERNIGHT']);
  });

  it('uses a supplied calendar', () => {
    const calendar = createTradingCalendar([{ date: '2026-11-20', name: 'closed' }], [2026]);
    expect(isWindowOpen(utc('2026-11-20T11:00:00Z'), { marketOption: 'OTC_ONLY', calendar })).toBe(
      false,
    );
  });

  it('hands out copies, so a caller cannot change the window for others', () => {
    const first = sessionsOfTradingDay('2026-11-20', 'OTC_ONLY');
    first[0]?.closesAt.setTime(0);
    const state = windowState(utc('2026-11-20T12:00:00Z'), { marketOption: 'OTC_ONLY' });
    state.nextClose?.setTime(0);
    expect(sessionsOfTradingDay('2026-11-20', 'OTC_ONLY')[0]?.closesAt.toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
    expect(isWindowOpen(utc('2026-11-20T12:00:00Z'), { marketOption: 'OTC_ONLY' })).toBe(true);
  });
});
