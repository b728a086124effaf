import type { LocalDate } from '../amsterdam-time';
import { Dec, fromDec, toDec } from '../decimal';
import { applyRunout } from '../runout';
import { earlier, marginDec, pricedParts, VOLUME_DECIMALS, type PricedPart } from './internal';
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

interface PartState extends PricedPart {
  fixed: Dec;
  /** The volume the current target asks to have fixed, down to the kWh. */
  desired: Dec;
  /** The largest click, down to the kWh (as the portal's volumeLimits). */
  largest: Dec;
  /** The smallest click, never above the largest (else nothing could ever be clicked). */
  smallest: Dec;
}

function click(
  year: BacktestYear,
  position: BacktestPosition,
  part: PricedPart,
  day: LocalDate,
  volume: Dec,
  forced: boolean,
): ReplayClick {
  const market = part.prices.get(day) as Dec;
  const margin = marginDec(year.margins, part.part, day);
  return {
    day,
    maturity: position.maturity,
    part: part.part,
    volume: fromDec(volume),
    marketPrice: fromDec(market),
    margin: fromDec(margin),
    price: fromDec(market.plus(margin)),
    forced,
  };
}

/** The remainder of each part still open, clicked on its last priced day (at the latest `until`). */
function forcedClicks(
  year: BacktestYear,
  position: BacktestPosition,
  parts: readonly (PricedPart & { fixed: Dec })[],
): ReplayClick[] {
  return parts
    .filter((part) => part.volume.gt(part.fixed))
    .map((part) =>
      click(
        year,
        position,
        part,
        part.days[part.days.length - 1] as LocalDate,
        part.volume.minus(part.fixed),
        true,
      ),
    );
}

function replayPosition(
  year: BacktestYear,
  position: BacktestPosition,
  targets: readonly { day: LocalDate; share: Dec }[],
): { clicks: ReplayClick[]; count: number } | null {
  const priced = pricedParts(position, year.from, earlier(position.lastDay, year.to));
  if (priced.some((part) => part.days.length === 0)) return null;
  const parts: PartState[] = priced.map((part) => {
    const largest = part.volume
      .times(toDec(year.maxClickPercentage))
      .div(HUNDRED)
      .toDecimalPlaces(VOLUME_DECIMALS, Dec.ROUND_DOWN);
    const smallest = Dec.min(
      part.volume.times(toDec(year.minClickPercentage)).div(HUNDRED),
      largest,
    );
    return { ...part, fixed: new Dec(0), desired: new Dec(0), largest, smallest };
  });
  const days = [...new Set(parts.flatMap((part) => part.days))].sort();
  const clicks: ReplayClick[] = [];
  let count = 0;
  let next = 0;
  for (const day of days) {
    if (year.maxClicksPerYear !== null && count >= year.maxClicksPerYear) break;
    // A target on a day without price (for this position) is acted on at its next priced day.
    let share: Dec | null = null;
    let target = targets[next];
    while (target !== undefined && target.day <= day) {
      share = target.share;
      next += 1;
      target = targets[next];
    }
    let clicked = false;
    for (const part of parts) {
      if (share !== null) {
        part.desired = part.volume
          .times(share)
          .div(HUNDRED)
          .toDecimalPlaces(VOLUME_DECIMALS, Dec.ROUND_DOWN);
      }
      const pending = part.desired.minus(part.fixed);
      // A part without a price today keeps what it owes for its next priced day.
      if (pending.lte(0) || !part.prices.has(day)) continue;
      const open = part.volume.minus(part.fixed);
      // The excess over the largest click waits for the next priced day; what is below the
      // smallest waits for a higher target, unless it is all that is left.
      const wanted = Dec.min(pending, part.largest);
      if (wanted.lt(part.smallest) && wanted.lt(open)) continue;
      const runout = applyRunout({
        contractedVolume: fromDec(part.volume),
        openVolume: fromDec(open),
        requestedVolume: fromDec(wanted),
      });
      // Refused only for nothing: a largest click that rounds to 0 kWh. Runout may take a click
      // above the largest, as a purchase does (the portal applies runout after the limits).
      if (!runout.ok) continue;
      const volume = toDec(runout.volume);
      part.fixed = part.fixed.plus(volume);
      clicks.push(click(year, position, part, day, volume, false));
      clicked = true;
    }
    if (clicked) count++;
  }
  return { clicks: [...clicks, ...forcedClicks(year, position, parts)], count };
}

function outcome(clicks: ReplayClick[], clickCount: number): ReplayOutcome {
  let volume = new Dec(0);
  let totalCost = new Dec(0);
  let marginCost = new Dec(0);
  for (const each of clicks) {
    const v = toDec(each.volume);
    volume = volume.plus(v);
    totalCost = totalCost.plus(v.times(toDec(each.price)));
    marginCost = marginCost.plus(v.times(toDec(each.margin)));
  }
  return {
    // Stable: within a day, positions keep their order and a forced click follows the own ones.
    clicks: clicks.sort((a, b) => a.day.localeCompare(b.day)),
    clickCount,
    volume: fromDec(volume),
    totalCost: fromDec(totalCost),
    marginCost: fromDec(marginCost),
  };
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
 * @throws RangeError when a target's share is outside 0..100.
 */
export function replay(year: BacktestYear, targets: readonly ShareTarget[]): ReplayOutcome | null {
  let level = new Dec(0);
  const steps = [...targets]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((target) => {
      const share = toDec(target.share);
      if (share.lt(0) || share.gt(HUNDRED)) {
        throw new RangeError(`Share outside 0..100: ${target.share}`);
      }
      // Targets are cumulative: fixed volume is never given back.
      level = Dec.max(level, share);
      return { day: target.day, share: level };
    });
  const clicks: ReplayClick[] = [];
  let count = 0;
  for (const position of year.positions) {
    const played = replayPosition(year, position, steps);
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
  const clicks: ReplayClick[] = stored.map((each) => ({ ...each, forced: false }));
  for (const position of year.positions) {
    const parts = pricedParts(position, year.from, earlier(position.lastDay, year.to)).map(
      (part) => ({
        ...part,
        fixed: stored
          .filter((each) => each.maturity === position.maturity && each.part === part.part)
          .reduce((sum, each) => sum.plus(toDec(each.volume)), new Dec(0)),
      }),
    );
    if (parts.some((part) => part.volume.gt(part.fixed) && part.days.length === 0)) return null;
    clicks.push(...forcedClicks(year, position, parts));
  }
  const positionDays = new Set(stored.map((each) => `${each.maturity} ${each.day}`));
  return outcome(clicks, positionDays.size);
}
