import type { LocalDate } from '../amsterdam-time';
import type { ContractPartName } from '../contract';
import { fromDec, type DecimalString } from '../decimal';
import { cacheOf, handOut, marginDec, prepare } from './internal';
import type { BacktestYear, DailyPrice, MarginStep, StrategyInput } from './types';

/**
 * What a click of the part pays on top of the market price on a day (mark-up + transaction fee,
 * EUR/MWh): the part's last step from that day or before.
 *
 * @throws RangeError when no step is in force: the server always supplies one from the window's
 *   start, so a gap is a programming error.
 */
export function marginOn(
  margins: readonly MarginStep[],
  part: ContractPartName,
  day: LocalDate,
): DecimalString {
  return fromDec(marginDec(margins, part, day));
}

/**
 * The year, ready to be replayed many times: a frozen copy whose prices, margins and day series
 * every function of the backtest given it (yearDailyPrices, strategyInput, replay, replayActual,
 * attribute, extremeDays) works out once and shares. The figures are the same as for the year
 * itself; only faster. Neither the year nor its positions, prices or margins may change after.
 */
export function prepareYear(year: BacktestYear): BacktestYear {
  return prepare(year);
}

/**
 * The year's click price per day: on each day of the window on which every position part has a
 * market price, sum(part volume x (market price + margin)) / sum(part volume), half-up to 4
 * decimals. Days on which some part has no price are left out rather than guessed: a strategy
 * can only click on a day the whole year has a price.
 */
export function yearDailyPrices(year: BacktestYear): DailyPrice[] {
  return handOut(cacheOf(year).yearSeries());
}

/** What the strategies read: the year and its click price per day. */
export function strategyInput(year: BacktestYear): StrategyInput {
  return { year, days: yearDailyPrices(year) };
}
