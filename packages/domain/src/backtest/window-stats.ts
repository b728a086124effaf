import { yearOf, type LocalDate } from '../amsterdam-time';
import { Dec, fromDec, toDec, type DecimalString } from '../decimal';
import { AVERAGE_PRICE_DECIMALS, MONEY_DECIMALS } from '../pricing';
import { yearDayAmounts } from './internal';
import type { BacktestYear, DailyPrice } from './types';

/** The average, highest and lowest price of a series over a span, EUR/MWh. */
export interface PriceStats {
  /** Half-up to 4 decimals. */
  average: DecimalString;
  high: DecimalString;
  low: DecimalString;
}

/**
 * The average, high and low of the days in the 12 months ending at `to` (after the same date a
 * year earlier, up to and including `to`); null when no day falls in them.
 */
export function twelveMonthStats(days: readonly DailyPrice[], to: LocalDate): PriceStats | null {
  // Compared as text, "2025-02-29" still sits between the 28th and March 1st.
  const after = `${String(yearOf(to) - 1).padStart(4, '0')}${to.slice(4)}`;
  const prices = days
    .filter((day) => day.day > after && day.day <= to)
    .map((day) => toDec(day.price));
  const [first] = prices;
  if (first === undefined) return null;
  return {
    average: fromDec(
      prices
        .reduce((sum, price) => sum.plus(price), new Dec(0))
        .div(prices.length)
        .toDecimalPlaces(AVERAGE_PRICE_DECIMALS, Dec.ROUND_HALF_UP),
    ),
    high: fromDec(Dec.max(...prices)),
    low: fromDec(Dec.min(...prices)),
  };
}

/** The whole year's volume fixed on one day. */
export interface DayCost {
  day: LocalDate;
  /** EUR, half-up to cents. */
  totalCost: DecimalString;
}

/**
 * The cheapest and the dearest day to have fixed the whole year's volume at once, at each day's
 * click prices (market + margin per part), among the days every position part is priced; on a
 * tie the earlier day. Null without such a day. Compared exactly, rounded to cents only after.
 */
export function extremeDays(year: BacktestYear): { best: DayCost; worst: DayCost } | null {
  const days = yearDayAmounts(year);
  const [first] = days;
  if (first === undefined) return null;
  let best = first;
  let worst = first;
  for (const day of days) {
    if (day.amount.lt(best.amount)) best = day;
    if (day.amount.gt(worst.amount)) worst = day;
  }
  const cost = (day: { day: LocalDate; amount: Dec }): DayCost => ({
    day: day.day,
    totalCost: day.amount
      .toDecimalPlaces(MONEY_DECIMALS, Dec.ROUND_HALF_UP)
      .toFixed(MONEY_DECIMALS),
  });
  return { best: cost(best), worst: cost(worst) };
}
