import type { LocalDate } from '../amsterdam-time';
import { Dec, fromDec, toDec } from '../decimal';
import {
  cacheOf,
  unitsText,
  VOLUME_DECIMALS,
  type PricedPart,
  type ReplayLimits,
  type YearCache,
} from './internal';
import type {
  BacktestPosition,
  BacktestYear,
  ReplayClick,
  ReplayOutcome,
  ShareTarget,
} from './types';

/*
 * Strategies' targets turned into clicks under the contract's rules. Positions are replayed one
 * by one: the rules (smallest and largest click, runout, clicks per year, last day) all hold per
 * position, so a year's positions never wait for each other.
 */

const HUNDRED = new Dec(100);

/** A click with its figures as decimals, for the outcome's sums. */
interface Clicked {
  click: ReplayClick;
  volume: Dec;
  price: Dec;
  margin: Dec;
}

/**
 * A part being replayed. Its volumes are integers in units of 10^-scale (BigInt: exact at any
 * size, and far cheaper than decimals in the replay's loop).
 */
interface PartState {
  part: PricedPart;
  limits: ReplayLimits;
  /** Where the replay stands in the part's days: the first one not before the day replayed. */
  at: number;
  fixed: bigint;
  /** The volume the current target asks to have fixed, down to the kWh. */
  desired: bigint;
  /**
   * What the part clicks on its next priced day, null for nothing: it depends only on the target
   * and on what is fixed, so it is worked out when either changes, not every day.
   */
  next: bigint | null;
}

function click(
  cache: YearCache,
  position: BacktestPosition,
  part: PricedPart,
  i: number,
  volume: Dec,
  forced: boolean,
  volumeText = fromDec(volume),
): Clicked {
  const price = cache.clickPrice(part, i);
  return {
    click: {
      day: part.days[i] as LocalDate,
      maturity: position.maturity,
      part: part.part,
      volume: volumeText,
      marketPrice: price.marketPrice,
      margin: price.margin,
      price: price.price,
      forced,
    },
    volume,
    price: price.priceDec,
    margin: price.marginDec,
  };
}

/** The remainder of each part still open, clicked on its last priced day (at the latest `until`). */
function forcedClicks(
  cache: YearCache,
  position: BacktestPosition,
  parts: readonly { part: PricedPart; open: Dec }[],
): Clicked[] {
  return parts
    .filter(({ open }) => open.gt(0))
    .map(({ part, open }) => click(cache, position, part, part.days.length - 1, open, true));
}

/**
 * What a part clicks on its next priced day: the difference between the target and what is
 * fixed, at most the largest click (the excess waits for the next priced day); what is below the
 * smallest waits for a higher target, unless it is all that is left. Runout (as applyRunout)
 * adds a remainder below 1% of the volume, and may so take a click above the largest, as a
 * purchase does (the portal applies runout after the limits); it refuses only nothing (a
 * largest click that rounds to 0 kWh).
 */
function nextClick(state: PartState): bigint | null {
  const { volume, largest, smallest, threshold } = state.limits;
  const pending = state.desired - state.fixed;
  if (pending <= 0n) return null;
  const open = volume - state.fixed;
  const wanted = pending < largest ? pending : largest;
  if (wanted < smallest && wanted < open) return null;
  if (wanted <= 0n || wanted > open) return null;
  const remainder = open - wanted;
  return remainder > 0n && remainder < threshold ? open : wanted;
}

/** share% of the part's volume, down to the kWh, in the part's units. */
function desiredOf(limits: ReplayLimits, share: Share): bigint {
  // volume x share / 100 to 3 decimals: units of 10^-(its decimals + the share's + 2).
  const exponent = limits.decimals + share.decimals + 2 - VOLUME_DECIMALS;
  const product = limits.exact * share.units;
  const kwh =
    exponent >= 0 ? product / 10n ** BigInt(exponent) : product * 10n ** BigInt(-exponent);
  return kwh * 10n ** BigInt(limits.scale - VOLUME_DECIMALS);
}

function replayPosition(
  cache: YearCache,
  position: BacktestPosition,
  targets: readonly { day: LocalDate; share: Share }[],
): { clicks: Clicked[]; count: number } | null {
  const { parts: priced, days } = cache.replayParts(position);
  if (priced.some((part) => part.days.length === 0)) return null;
  const parts: PartState[] = priced.map((part) => ({
    part,
    limits: cache.replayLimits(part),
    at: 0,
    fixed: 0n,
    desired: 0n,
    next: null,
  }));
  const { maxClicksPerYear } = cache.year;
  const clicks: Clicked[] = [];
  let count = 0;
  let next = 0;
  for (let i = 0; i < days.length; i++) {
    if (maxClicksPerYear !== null && count >= maxClicksPerYear) break;
    if (parts.every((state) => state.next === null)) {
      // Nothing is owed: nothing happens before the next target's day (and after the last).
      const coming = targets[next];
      if (coming === undefined) break;
      i = firstFrom(days, coming.day, i);
      if (i === days.length) break;
    }
    const day = days[i] as LocalDate;
    // A target on a day without price (for this position) is acted on at its next priced day.
    let share: Share | null = null;
    let target = targets[next];
    while (target !== undefined && target.day <= day) {
      share = target.share;
      next += 1;
      target = targets[next];
    }
    let clicked = false;
    for (const state of parts) {
      if (share !== null) {
        state.desired = desiredOf(state.limits, share);
        state.next = nextClick(state);
      }
      if (state.next === null) continue;
      const own = state.part.days;
      while ((own[state.at] as LocalDate) < day) state.at += 1;
      // A part without a price today keeps what it owes for its next priced day.
      if (own[state.at] !== day) continue;
      state.fixed += state.next;
      const text = unitsText(state.next, state.limits.scale);
      clicks.push(click(cache, position, state.part, state.at, cache.dec(text), false, text));
      state.next = nextClick(state);
      clicked = true;
    }
    if (clicked) count++;
  }
  const open = parts.map(({ part, limits, fixed }) => ({
    part,
    open: cache.dec(unitsText(limits.volume - fixed, limits.scale)),
  }));
  return { clicks: [...clicks, ...forcedClicks(cache, position, open)], count };
}

/** The index of the first day on or after `date`, from `start` on (the days are in order). */
function firstFrom(days: readonly LocalDate[], date: LocalDate, start: number): number {
  let low = start;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((days[middle] as LocalDate) < date) low = middle + 1;
    else high = middle;
  }
  return low;
}

function outcome(clicks: Clicked[], clickCount: number): ReplayOutcome {
  let volume = new Dec(0);
  let totalCost = new Dec(0);
  let marginCost = new Dec(0);
  for (const each of clicks) {
    volume = volume.plus(each.volume);
    totalCost = totalCost.plus(each.volume.times(each.price));
    marginCost = marginCost.plus(each.volume.times(each.margin));
  }
  return {
    // Stable: within a day, positions keep their order and a forced click follows the own ones.
    clicks: clicks.map((each) => each.click).sort(byDay),
    clickCount,
    volume: fromDec(volume),
    totalCost: fromDec(totalCost),
    marginCost: fromDec(marginCost),
  };
}

/** A share of the volume (percent) as an integer in units of 10^-decimals. */
interface Share {
  units: bigint;
  decimals: number;
}

/** A plain decimal's digits: its value in units of 10^-(its decimals). */
function shareOf(text: string): Share {
  const dot = text.indexOf('.');
  return {
    units: BigInt(dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1)),
    decimals: dot < 0 ? 0 : text.length - dot - 1,
  };
}

/** Days (YYYY-MM-DD) in order: as text. */
function byDay(a: { day: LocalDate }, b: { day: LocalDate }): number {
  return a.day < b.day ? -1 : a.day > b.day ? 1 : 0;
}

/**
 * Replays a strategy's targets under the contract's rules; null when some position part has no
 * price within the window up to its last day (nothing could be clicked: NO_HISTORY).
 *
 * Per position and part, a target asks share% of the part's volume fixed, down to the kWh; the
 * difference with what is fixed is clicked on the part's next priced day, at most the largest
 * click (the excess follows on the next priced days), and not below the smallest click unless
 * it is all that is left (a smaller one waits for the next target). Runout adds a remainder
 * below 1%. A position's clicks on one day count once against maxClicksPerYear; when reached,
 * the strategy clicks no more. Whatever is open after the position's last day (or the window's
 * end) is forced on its last priced day, so every strategy fixes the whole volume.
 *
 * A year from `prepareYear` shares its prices between the replays of its strategies.
 *
 * @throws RangeError when a target's share is outside 0..100.
 */
export function replay(year: BacktestYear, targets: readonly ShareTarget[]): ReplayOutcome | null {
  let level = new Dec(0);
  let levelText = '0';
  const steps = [...targets].sort(byDay).map((target) => {
    const share = toDec(target.share);
    if (share.lt(0) || share.gt(HUNDRED)) {
      throw new RangeError(`Share outside 0..100: ${target.share}`);
    }
    // Targets are cumulative: fixed volume is never given back.
    if (share.gt(level)) {
      level = share;
      levelText = target.share;
    }
    return { day: target.day, share: shareOf(levelText) };
  });
  const cache = cacheOf(year);
  const clicks: Clicked[] = [];
  let count = 0;
  for (const position of year.positions) {
    const played = replayPosition(cache, position, steps);
    if (played === null) return null;
    clicks.push(...played.clicks);
    count += played.count;
  }
  return outcome(clicks, count);
}

/**
 * The year's actual clicks as stored (kept as they are, forced: false), plus a forced click for
 * each position part's volume they leave open, on its last priced day up to its last day (or the
 * window's end), so the actual clicks compare with strategies that fix the whole volume. Null
 * when such a remainder has no price. The clicks of one position on one day count as one.
 */
export function replayActual(
  year: BacktestYear,
  stored: readonly ReplayClick[],
): ReplayOutcome | null {
  const cache = cacheOf(year);
  const forced: Clicked[] = [];
  for (const position of year.positions) {
    const parts = cache.replayParts(position).parts.map((part) => ({
      part,
      open: part.volume.minus(
        stored
          .filter((each) => each.maturity === position.maturity && each.part === part.part)
          .reduce((sum, each) => sum.plus(toDec(each.volume)), new Dec(0)),
      ),
    }));
    if (parts.some(({ part, open }) => open.gt(0) && part.days.length === 0)) return null;
    forced.push(...forcedClicks(cache, position, parts));
  }
  const clicks: Clicked[] = stored.map((each) => ({
    click: { ...each, forced: false },
    volume: toDec(each.volume),
    price: toDec(each.price),
    margin: toDec(each.margin),
  }));
  clicks.push(...forced);
  const positionDays = new Set(stored.map((each) => `${each.maturity} ${each.day}`));
  return outcome(clicks, positionDays.size);
}
