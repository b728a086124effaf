import { Dec, fromDec, toDec, type DecimalString } from './decimal';

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

/** One contract part of a year of supply, as the expected price reads it. */
export interface BudgetYearPart {
  /** MWh contracted for the year. */
  totalVolume: DecimalString;
  /** MWh fixed by clicks (pending clicks included: their volume is held). */
  clickedVolume: DecimalString;
  /** EUR paid for the clicked volume (sum of volume x click price). */
  clickedCost: DecimalString;
  /** Today's click price of the part's year (market + mark-up + fee); null when there is none. */
  clickPrice: DecimalString | null;
}

/** Where a year of supply stands: what is fixed, what is open, and the price it is heading for. */
export interface ExpectedYearPrice {
  fixedVolume: DecimalString;
  /** Volume-weighted average click price of the fixed volume; null with nothing fixed. */
  fixedAveragePrice: DecimalString | null;
  openVolume: DecimalString;
  /** Volume-weighted click price of the open volume today; null with nothing open or unpriced. */
  openAveragePrice: DecimalString | null;
  /**
   * (fixed cost + open volume x today's click price) / all volume, 4 decimals half-up; null when
   * there is no volume or open volume has no price today.
   */
  expectedPrice: DecimalString | null;
}

const PRICE_DECIMALS = 4;

function roundedPrice(amount: Dec, volume: Dec): DecimalString | null {
  return volume.lte(0)
    ? null
    : fromDec(amount.div(volume).toDecimalPlaces(PRICE_DECIMALS, Dec.ROUND_HALF_UP));
}

/**
 * The expected final average price of a year: the fixed volume at what it cost, the open volume
 * at today's click price, volume-weighted over every part. A part clicked beyond its total (which
 * the ledger forbids) counts its clicked volume and nothing open.
 */
export function expectedYearPrice(parts: readonly BudgetYearPart[]): ExpectedYearPrice {
  let fixedVolume = new Dec(0);
  let fixedCost = new Dec(0);
  let openVolume = new Dec(0);
  let openCost = new Dec(0);
  let unpriced = false;
  for (const part of parts) {
    const clicked = toDec(part.clickedVolume);
    const open = Dec.max(toDec(part.totalVolume).minus(clicked), 0);
    fixedVolume = fixedVolume.plus(clicked);
    fixedCost = fixedCost.plus(toDec(part.clickedCost));
    if (open.isZero()) continue;
    openVolume = openVolume.plus(open);
    if (part.clickPrice === null) unpriced = true;
    else openCost = openCost.plus(open.times(toDec(part.clickPrice)));
  }
  return {
    fixedVolume: fromDec(fixedVolume),
    fixedAveragePrice: roundedPrice(fixedCost, fixedVolume),
    openVolume: fromDec(openVolume),
    openAveragePrice: unpriced ? null : roundedPrice(openCost, openVolume),
    expectedPrice: unpriced
      ? null
      : roundedPrice(fixedCost.plus(openCost), fixedVolume.plus(openVolume)),
  };
}

/** Why a budget is refused; null when it is valid. */
export type BudgetProblem = 'PRICE_NOT_POSITIVE' | 'BOUNDS_INVALID';

/** A budget needs a positive budget price with lower bound <= budget price <= upper bound. */
export function budgetProblem(budget: Budget): BudgetProblem | null {
  const price = toDec(budget.budgetPrice);
  if (price.lte(0) || toDec(budget.lowerBound).lte(0)) return 'PRICE_NOT_POSITIVE';
  if (toDec(budget.lowerBound).gt(price) || price.gt(toDec(budget.upperBound))) {
    return 'BOUNDS_INVALID';
  }
  return null;
}

/**
 * What a change of zone says, once per crossing: 'LEFT_ABOVE' / 'LEFT_BELOW' when the expected
 * price went outside the band (from within or from the other side), 'BACK_WITHIN' when it came
 * back in, null when the zone is the same. With no previous zone (a budget just set) nothing is
 * said: the user saw the standing when saving it.
 */
export type BudgetCrossing = 'LEFT_ABOVE' | 'LEFT_BELOW' | 'BACK_WITHIN';

export function budgetCrossing(
  previous: BudgetZone | null,
  current: BudgetZone,
): BudgetCrossing | null {
  if (previous === null || previous === current) return null;
  if (current === 'WITHIN') return 'BACK_WITHIN';
  return current === 'ABOVE_UPPER' ? 'LEFT_ABOVE' : 'LEFT_BELOW';
}
