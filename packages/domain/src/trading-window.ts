import {
  addDays,
  amsterdamDate,
  amsterdamInstant,
  type LocalDate,
  type LocalTime,
} from './amsterdam-time';
import type { Market, MarketOption } from './contract';
import { periodDeadline } from './deadline';
import type { Period } from './maturity';
import { ICE_ENDEX_CALENDAR, nextTradingDay, type TradingCalendar } from './trading-calendar';
import {
  CLICK_WINDOW_OPENS,
  ICE_OVERNIGHT_CLOSES,
  ICE_PRE_EOD_CLOSES,
  MIDNIGHT,
  OTC_CLOSES,
} from './trading-hours';

/** Which price a click fixes at. */
export type PriceSource = 'OTC_LIVE' | 'ICE_END_OF_DAY' | 'ICE_OVERNIGHT';

/** A stretch of time in which one market accepts clicks at one kind of price. */
export interface TradingSession {
  market: Market;
  priceSource: PriceSource;
  /** Inclusive. */
  opensAt: Date;
  /** Exclusive: a click at exactly this instant is too late. */
  closesAt: Date;
  /** The trading day whose price (live quote, settlement or overnight fixing) fixes the click. */
  fixingDay: LocalDate;
}

/** What the window questions are asked for. */
export interface WindowQuery {
  marketOption: MarketOption;
  /** Only this market; both when left out. */
  market?: Market;
  /** Only sessions whose price is fixed on or before this period's deadline. */
  period?: Period;
  calendar?: TradingCalendar;
}

/**
 * The sessions of one trading day for a market option. Every session lies within the trading
 * day's own calendar date, so nothing is ever open on a day without trading.
 *
 * - OTC (all options): live OTC price, 10:00-16:00.
 * - PRE_EOD and PRE_EOD_AND_OVERNIGHT add ICE Endex end-of-day orders 10:00-15:30, fixed at that
 *   day's settlement.
 * - PRE_EOD_AND_OVERNIGHT adds ICE Endex overnight orders 15:30-24:00, fixed at the next trading
 *   day's 09:30 overnight fixing, and 00:00-09:30, fixed at that same morning's fixing.
 */
export function sessionsOfTradingDay(
  day: LocalDate,
  marketOption: MarketOption,
  calendar: TradingCalendar = ICE_ENDEX_CALENDAR,
): TradingSession[] {
  return cachedSessions(day, marketOption, calendar).map(copySession);
}

function copySession(session: TradingSession): TradingSession {
  return { ...session, opensAt: new Date(session.opensAt), closesAt: new Date(session.closesAt) };
}

// Time-zone conversions dominate the cost of every window question and the server asks them for
// every position of every contract, so each day's sessions are built once per calendar. The cache
// grows by a few entries per trading day, which stays small for the life of a process.
const sessionCache = new WeakMap<TradingCalendar, Map<string, readonly TradingSession[]>>();

function cachedSessions(
  day: LocalDate,
  marketOption: MarketOption,
  calendar: TradingCalendar,
): readonly TradingSession[] {
  let byDay = sessionCache.get(calendar);
  if (byDay === undefined) {
    byDay = new Map();
    sessionCache.set(calendar, byDay);
  }
  const key = `${day}/${marketOption}`;
  let sessions = byDay.get(key);
  if (sessions === undefined) {
    sessions = buildSessions(day, marketOption, calendar).sort(
      (a, b) => a.opensAt.getTime() - b.opensAt.getTime(),
    );
    byDay.set(key, sessions);
  }
  return sessions;
}

function buildSessions(
  day: LocalDate,
  marketOption: MarketOption,
  calendar: TradingCalendar,
): TradingSession[] {
  const at = (time: LocalTime, date: LocalDate = day) => amsterdamInstant(date, time);
  const sessions: TradingSession[] = [
    {
      market: 'OTC',
      priceSource: 'OTC_LIVE',
      opensAt: at(CLICK_WINDOW_OPENS),
      closesAt: at(OTC_CLOSES),
      fixingDay: day,
    },
  ];
  if (marketOption === 'OTC_ONLY') return sessions;
  sessions.push({
    market: 'ICE',
    priceSource: 'ICE_END_OF_DAY',
    opensAt: at(CLICK_WINDOW_OPENS),
    closesAt: at(ICE_PRE_EOD_CLOSES),
    fixingDay: day,
  });
  if (marketOption === 'PRE_EOD') return sessions;
  sessions.push(
    {
      market: 'ICE',
      priceSource: 'ICE_OVERNIGHT',
      opensAt: at(MIDNIGHT),
      closesAt: at(ICE_OVERNIGHT_CLOSES),
      fixingDay: day,
    },
    {
      market: 'ICE',
      priceSource: 'ICE_OVERNIGHT',
      opensAt: at(ICE_PRE_EOD_CLOSES),
      closesAt: at(MIDNIGHT, addDays(day, 1)),
      fixingDay: nextTradingDay(day, calendar),
    },
  );
  return sessions;
}

// Today and the next trading days hold both the stretch that contains any instant and the one
// after it, because every trading day has a closed gap between 09:30 and 10:00.
const HORIZON_TRADING_DAYS = 4;

function candidateSessions(at: Date, query: WindowQuery): readonly TradingSession[] {
  const calendar = query.calendar ?? ICE_ENDEX_CALENDAR;
  const lastFixingDay =
    query.period === undefined ? undefined : periodDeadline(query.period, calendar).lastTradingDay;
  // Each day's sessions are sorted and lie within that day, so the days in order stay sorted.
  return horizonFrom(amsterdamDate(at), calendar)
    .flatMap((day) => cachedSessions(day, query.marketOption, calendar))
    .filter((session) => query.market === undefined || session.market === query.market)
    .filter((session) => lastFixingDay === undefined || session.fixingDay <= lastFixingDay);
}

const horizonCache = new WeakMap<TradingCalendar, Map<LocalDate, readonly LocalDate[]>>();

function horizonFrom(today: LocalDate, calendar: TradingCalendar): readonly LocalDate[] {
  let byDay = horizonCache.get(calendar);
  if (byDay === undefined) {
    byDay = new Map();
    horizonCache.set(calendar, byDay);
  }
  let days = byDay.get(today);
  if (days === undefined) {
    const found: LocalDate[] = calendar.isTradingDay(today) ? [today] : [];
    while (found.length < HORIZON_TRADING_DAYS) {
      found.push(nextTradingDay(found[found.length - 1] ?? today, calendar));
    }
    days = found;
    byDay.set(today, days);
  }
  return days;
}

function contains(session: TradingSession, at: Date): boolean {
  return session.opensAt.getTime() <= at.getTime() && at.getTime() < session.closesAt.getTime();
}

/** The sessions open at an instant: at most one per market. */
export function openSessions(at: Date, query: WindowQuery): TradingSession[] {
  return candidateSessions(at, query)
    .filter((session) => contains(session, at))
    .map(copySession);
}

/** Whether the click window is open at an instant for a contract's market option (and market). */
export function isWindowOpen(at: Date, query: WindowQuery): boolean {
  return openSessions(at, query).length > 0;
}

/** Which price a click on a market fixes at an instant, or null when that market is closed. */
export function applicablePriceSource(
  at: Date,
  query: WindowQuery & { market: Market },
): PriceSource | null {
  return openSessions(at, query)[0]?.priceSource ?? null;
}

/** The state of the click window at an instant. */
export interface WindowState {
  open: boolean;
  /** The sessions open now, at most one per market. */
  openSessions: TradingSession[];
  /**
   * When the window next opens: after the current stretch when open. Null when it never opens
   * again for the period (its deadline comes first).
   */
  nextOpen: Date | null;
  /** When the window next closes: the end of the current stretch, or of the next one when closed. */
  nextClose: Date | null;
}

interface Stretch {
  opensAt: Date;
  closesAt: Date;
}

function mergeIntoStretches(sessions: readonly TradingSession[]): Stretch[] {
  const stretches: Stretch[] = [];
  for (const session of sessions) {
    const last = stretches[stretches.length - 1];
    if (last !== undefined && session.opensAt.getTime() <= last.closesAt.getTime()) {
      if (session.closesAt.getTime() > last.closesAt.getTime()) last.closesAt = session.closesAt;
    } else {
      stretches.push({ opensAt: session.opensAt, closesAt: session.closesAt });
    }
  }
  return stretches;
}

/**
 * Whether the window is open at an instant, which sessions (and so which prices) apply, and when
 * it next opens and closes. Back-to-back sessions (ICE end-of-day then overnight) count as one
 * open stretch.
 */
export function windowState(at: Date, query: WindowQuery): WindowState {
  const sessions = candidateSessions(at, query);
  const stretches = mergeIntoStretches(sessions);
  const time = at.getTime();
  const current = stretches.find((s) => s.opensAt.getTime() <= time && time < s.closesAt.getTime());
  const next = stretches.find((s) => s.opensAt.getTime() > time);
  const closing = current ?? next;
  return {
    open: current !== undefined,
    openSessions: sessions.filter((session) => contains(session, at)).map(copySession),
    nextOpen: next === undefined ? null : new Date(next.opensAt),
    nextClose: closing === undefined ? null : new Date(closing.closesAt),
  };
}
