import type { LocalDate } from '../amsterdam-time';
import type { ClickType } from '../click-type';
import type { ContractPartName } from '../contract';
import type { DecimalString } from '../decimal';
import type { HedgePoint } from '../hedge-policy';
import type { Maturity } from '../maturity';

/*
 * The backtest's inputs and outputs (docs/backtest.md). Everything here is data: the server reads
 * it from the database, the replay (replay.ts) and the strategies (strategies.ts) are pure
 * functions of it, so a replay gives the same figures on every machine and on both databases.
 */

/** One instrument's market price on one Amsterdam day (its daily close or settlement), EUR/MWh. */
export interface DailyPrice {
  day: LocalDate;
  price: DecimalString;
}

/** What one click of a part pays on top of the market price, EUR/MWh, from a day on. */
export interface MarginStep {
  /** In force from this day (inclusive) until the next step's day. */
  from: LocalDate;
  part: ContractPartName;
  markUp: DecimalString;
  transactionFee: DecimalString;
}

/** A position the contract's click type allows, with its volume per part (MWh). */
export interface BacktestPosition {
  maturity: Maturity;
  /** The last day it may be clicked (the contract's deadline rule): no click after it. */
  lastDay: LocalDate;
  parts: { part: ContractPartName; volume: DecimalString }[];
  /**
   * The part's market prices on the days it had one, in day order. Keyed by part: each part has
   * its own market product (pricing IDs).
   */
  prices: Partial<Record<ContractPartName, readonly DailyPrice[]>>;
}

/** One contract's year of supply as the replay reads it. */
export interface BacktestYear {
  yearOfSupply: number;
  clickType: ClickType;
  /** The smallest and largest click per part, percent of the position's part volume. */
  minClickPercentage: DecimalString;
  maxClickPercentage: DecimalString;
  /** Null: no limit. Counts the strategy's own clicks per position. */
  maxClicksPerYear: number | null;
  positions: readonly BacktestPosition[];
  /** The replayed window, inclusive: no click before `from` or after `to`. */
  from: LocalDate;
  to: LocalDate;
  margins: readonly MarginStep[];
  /** Null: the year has no hedge policy (the corridor strategies are unavailable). */
  hedgePolicy: readonly HedgePoint[] | null;
}

/**
 * What a strategy decides: on which days the year's fixed share (percent of its volume, 0..100)
 * should reach which level. Cumulative and never decreasing; the replay turns the steps into
 * clicks under the contract's rules.
 */
export interface ShareTarget {
  day: LocalDate;
  share: DecimalString;
}

/** What a strategy sees: the year, and the year's click price per day (year-prices.ts). */
export interface StrategyInput {
  year: BacktestYear;
  /**
   * The days of the window on which every position part has a price, each with the year's
   * volume-weighted click price (market price + margin), in day order: `yearDailyPrices(year)`.
   */
  days: readonly DailyPrice[];
}

/** One click as replayed (or, for the actual clicks, as stored). */
export interface ReplayClick {
  day: LocalDate;
  maturity: Maturity;
  part: ContractPartName;
  volume: DecimalString;
  marketPrice: DecimalString;
  /** Mark-up + transaction fee, EUR/MWh. */
  margin: DecimalString;
  /** marketPrice + margin, EUR/MWh. */
  price: DecimalString;
  /** Not chosen by the strategy: what was still open at a last day or the window's end. */
  forced: boolean;
}

export interface ReplayOutcome {
  clicks: ReplayClick[];
  /** The strategy's own clicks (forced ones not counted). */
  clickCount: number;
  volume: DecimalString;
  /** EUR, exact: the sum of volume x price (rounding is the caller's, see docs/backtest.md). */
  totalCost: DecimalString;
  /** EUR, exact: the sum of volume x margin. */
  marginCost: DecimalString;
}

/** The difference actual − reference split so that timing + volume + margin = total, exactly. */
export interface AttributionParts {
  total: DecimalString;
  timing: DecimalString;
  volume: DecimalString;
  margin: DecimalString;
}
