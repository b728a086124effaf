import { fromDec, toDec, type DecimalString } from './decimal';

/** A year's budget price with its bandwidth, all in EUR/MWh. */
export interface Budget {
  budgetPrice: DecimalString;
  lowerBound: DecimalString;
  upperBound: DecimalString;
}

/** Where a price stands against the bandwidth; a price on a bound is within. */
export type BudgetZone = 'BELOW_LOWER' | 'WITHIN' | 'ABOVE_UPPER';

export interface BudgetStanding {
  zone: BudgetZone;
  /** Average price - budget price, EUR/MWh. */
  deviation: DecimalString;
  /** Deviation as a percentage of the budget price; null when the budget price is 0. */
  deviationPercentage: DecimalString | null;
}

/**
 * Builds a bandwidth from percentages below and above the budget price, e.g. budget 50 with 10%
 * below and 5% above gives 45 to 52.5.
 */
export function bandwidthFromPercentages(
  budgetPrice: DecimalString,
  belowPercentage: DecimalString,
  abovePercentage: DecimalString,
): Budget {
  const budget = toDec(budgetPrice);
  return {
    budgetPrice,
    lowerBound: fromDec(budget.minus(budget.times(toDec(belowPercentage)).div(100))),
    upperBound: fromDec(budget.plus(budget.times(toDec(abovePercentage)).div(100))),
  };
}

/**
 * Where a year's weighted average click price stands against its budget.
 *
 * @throws RangeError when the lower bound is above the upper bound (invalid budget data).
 */
export function budgetStanding(budget: Budget, averagePrice: DecimalString): BudgetStanding {
  const lower = toDec(budget.lowerBound);
  const upper = toDec(budget.upperBound);
  if (lower.gt(upper)) throw new RangeError('Budget lower bound is above its upper bound');
  const price = toDec(averagePrice);
  const budgetPrice = toDec(budget.budgetPrice);
  const deviation = price.minus(budgetPrice);
  const zone: BudgetZone = price.lt(lower)
    ? 'BELOW_LOWER'
    : price.gt(upper)
      ? 'ABOVE_UPPER'
      : 'WITHIN';
  return {
    zone,
    deviation: fromDec(deviation),
    deviationPercentage: budgetPrice.isZero()
      ? null
      : fromDec(deviation.div(budgetPrice).times(100)),
  };
}

/**
 * Which bound a change of the average price crossed: 'LOWER' when it went from on or above the
 * lower bound to below it, 'UPPER' when it went from on or below the upper bound to above it, and
 * null otherwise. With no previous average (first click) a price outside the band counts as crossed.
 */
export function budgetBoundCrossed(
  budget: Budget,
  previousAverage: DecimalString | null,
  currentAverage: DecimalString,
): 'LOWER' | 'UPPER' | null {
  const now = budgetStanding(budget, currentAverage).zone;
  const before = previousAverage === null ? 'WITHIN' : budgetStanding(budget, previousAverage).zone;
  if (now === before || now === 'WITHIN') return null;
  return now === 'BELOW_LOWER' ? 'LOWER' : 'UPPER';
}
