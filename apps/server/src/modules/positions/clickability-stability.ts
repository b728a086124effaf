import {
  DEFAULT_DEADLINE_RULE,
  MARKETS,
  periodDeadline,
  windowState,
  type DeadlineRule,
  type MarketOption,
  type Period,
} from '@klik/domain';

const MAX_STRETCH_MS = 3_600_000;

/** A stretch of time [from, until) in milliseconds. */
export interface Stretch {
  from: number;
  until: number;
}

/**
 * How long the instant-dependent inputs of a position's clickability stay as they are at `at`:
 * whether its deadline has passed, and which markets are open for it. Clickability depends on
 * the instant through these alone (the domain's decideClickability asks isDeadlinePassed and
 * openSessions, and reads only the markets of the sessions), so a view rendered at `at` holds
 * for every instant in the answer.
 */
export function stableStretch(
  at: Date,
  marketOption: MarketOption,
  period: Period,
  rule: DeadlineRule = DEFAULT_DEADLINE_RULE,
): Stretch {
  const time = at.getTime();
  let until = Number.POSITIVE_INFINITY;
  const deadline = periodDeadline(period, undefined, rule).closesAt.getTime();
  if (deadline > time) until = deadline;
  for (const market of MARKETS) {
    const state = windowState(at, { marketOption, market, period });
    const change = state.open ? state.nextClose : state.nextOpen;
    if (change !== null && change.getTime() > time) until = Math.min(until, change.getTime());
  }
  return { from: time, until };
}

/**
 * Remembers each (market option, period) stretch, so that working out how long a view holds
 * costs a lookup on all but the first request of each stretch.
 */
export class StabilityCache {
  readonly #stretches = new Map<string, Stretch>();

  constructor(private readonly maxEntries = 10_000) {}

  stretch(
    at: Date,
    marketOption: MarketOption,
    period: Period,
    rule: DeadlineRule = DEFAULT_DEADLINE_RULE,
  ): Stretch {
    // The contract's deadline rule moves the deadline, so it is part of the key.
    const key = `${marketOption}/${period.yearOfSupply}/${period.maturity}/${rule.YEAR}/${rule.QUARTER}/${rule.MONTH}`;
    const time = at.getTime();
    const known = this.#stretches.get(key);
    if (known && known.from <= time && time < known.until) return known;
    const fresh = stableStretch(at, marketOption, period, rule);
    if (this.#stretches.size >= this.maxEntries) this.#stretches.clear();
    this.#stretches.set(key, fresh);
    return fresh;
  }

  /**
   * The stretch in which every one of the periods keeps its instant-dependent inputs, at most
   * an hour: a view is rebuilt now and then even when nothing is due to change.
   */
  common(
    at: Date,
    marketOption: MarketOption,
    periods: readonly Period[],
    rule: DeadlineRule = DEFAULT_DEADLINE_RULE,
  ): Stretch {
    let until = at.getTime() + MAX_STRETCH_MS;
    for (const period of periods) {
      until = Math.min(until, this.stretch(at, marketOption, period, rule).until);
    }
    return { from: at.getTime(), until };
  }
}
