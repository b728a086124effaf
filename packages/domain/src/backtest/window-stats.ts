import { yearOf, type LocalDate } from '../amsterdam-time';
import { Dec, fromDec, toDec, type DecimalString } from '../decimal';
import { AVERAGE_PRICE_DECIMALS, MONEY_DECIMALS } from '../pricing';
import { cacheOf, divideHalfUp, seriesOf, unitsText } from './internal';
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
  const units = seriesOf(days)?.priceUnits;
  const exact = units ? integerStats(days, units, after, to) : undefined;
  if (exact !== undefined) return exact;
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

/**
 * The same for a series handed out by yearDailyPrices, from its prices in units of 10^-4, exact
 * while the sum of their sizes is a safe integer; null (the decimals decide) otherwise.
 */
function integerStats(
  days: readonly DailyPrice[],
  units: readonly number[],
  after: LocalDate,
  to: LocalDate,
): PriceStats | null | undefined {
  let sum = 0;
  let size = 0;
  let count = 0;
  let high = -1;
  let low = -1;
  days.forEach((day, i) => {
    if (day.day <= after || day.day > to) return;
    const price = units[i] as number;
    sum += price;
    size += Math.abs(price);
    count += 1;
    if (high < 0 || price > (units[high] as number)) high = i;
    if (low < 0 || price < (units[low] as number)) low = i;
  });
  if (count === 0) return null;
  if (size + count > Number.MAX_SAFE_INTEGER) return undefined;
  return {
    average: unitsText(divideHalfUp(sum, count), AVERAGE_PRICE_DECIMALS),
    high: (days[high] as DailyPrice).price,
    low: (days[low] as DailyPrice).price,
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
  const series = cacheOf(year).yearSeries();
  if (series.days.length === 0) return null;
  const units = series.amountUnits;
  const lower = units
    ? (a: number, b: number) => (units[a] as number) < (units[b] as number)
    : (a: number, b: number) => series.amount(a).lt(series.amount(b));
  let best = 0;
  let worst = 0;
  for (let i = 1; i < series.days.length; i++) {
    if (lower(i, best)) best = i;
    if (lower(worst, i)) worst = i;
  }
  const cost = (i: number): DayCost => ({
    day: series.days[i] as LocalDate,
    totalCost: series
      .amount(i)
      .toDecimalPlaces(MONEY_DECIMALS, Dec.ROUND_HALF_UP)
      .toFixed(MONEY_DECIMALS),
  });
  return { best: cost(best), worst: cost(worst) };
}
