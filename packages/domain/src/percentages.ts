import { Dec, fromDec, toDec, type DecimalString } from './decimal';
import { periodTypeOf, type Maturity, type PeriodType } from './maturity';

/**
 * Clicked percentage = clicked / total x 100, exact to 40 significant digits; "0" when the total
 * is zero or negative (not computable).
 */
export function clickedPercentage(clicked: DecimalString, total: DecimalString): DecimalString {
  const totalVolume = toDec(total);
  if (totalVolume.lte(0)) return '0';
  return fromDec(toDec(clicked).div(totalVolume).times(100));
}

interface PartVolumes {
  clickedVolume: DecimalString;
  totalVolume: DecimalString;
}

function sum(values: readonly DecimalString[]): Dec {
  return values.reduce((acc, value) => acc.plus(toDec(value)), new Dec(0));
}

/** The clicked percentage of a position over all its contract parts (sum clicked / sum total). */
export function positionClickedPercentage(parts: readonly PartVolumes[]): DecimalString {
  return clickedPercentage(
    fromDec(sum(parts.map((p) => p.clickedVolume))),
    fromDec(sum(parts.map((p) => p.totalVolume))),
  );
}

/**
 * The share of a position's total volume that was clicked automatically, in percent:
 * clicked volume x (autoclick percentage / 100) / total volume x 100, where the position's
 * autoclick percentage is the share of its clicked volume that auto-click bought. "0" when the
 * total is zero.
 */
export function positionAutoClickPercentage(
  parts: readonly PartVolumes[],
  autoclickPercentage: DecimalString,
): DecimalString {
  const autoVolume = sum(parts.map((p) => p.clickedVolume))
    .times(toDec(autoclickPercentage))
    .div(100);
  return clickedPercentage(fromDec(autoVolume), fromDec(sum(parts.map((p) => p.totalVolume))));
}

/** One position of a year, for the year's summary. */
export interface PositionPercentages {
  maturity: Maturity;
  clickedPercentage: DecimalString;
  /** Share of the position's total volume clicked automatically (positionAutoClickPercentage). */
  autoClickPercentage: DecimalString;
}

/** The percentages of one year of supply, as the contract summary shows them. */
export interface YearPercentages {
  clickPercentage: DecimalString;
  autoClickPercentage: DecimalString;
  manualClickPercentage: DecimalString;
  /** Which level the figures come from; null when the year has no positions. */
  basis: PeriodType | null;
}

const LEVELS: readonly { type: PeriodType; divisor: number }[] = [
  { type: 'YEAR', divisor: 1 },
  { type: 'QUARTER', divisor: 4 },
  { type: 'MONTH', divisor: 12 },
];

/**
 * A year's clicked, auto-click and manual percentages. The highest maturity present is used: the
 * year position itself; else the sum of the quarters divided by 4; else the sum of the months
 * divided by 12 (a missing quarter or month counts as 0). Manual = clicked - auto, never below 0.
 */
export function yearPercentages(positions: readonly PositionPercentages[]): YearPercentages {
  for (const level of LEVELS) {
    const atLevel = positions.filter((p) => periodTypeOf(p.maturity) === level.type);
    if (atLevel.length === 0) continue;
    const clicked = sum(atLevel.map((p) => p.clickedPercentage)).div(level.divisor);
    const auto = sum(atLevel.map((p) => p.autoClickPercentage)).div(level.divisor);
    return {
      clickPercentage: fromDec(clicked),
      autoClickPercentage: fromDec(auto),
      manualClickPercentage: fromDec(Dec.max(0, clicked.minus(auto))),
      basis: level.type,
    };
  }
  return {
    clickPercentage: '0',
    autoClickPercentage: '0',
    manualClickPercentage: '0',
    basis: null,
  };
}

/**
 * Rounds a percentage for display, half-up to the given decimals, except that a value strictly
 * between 0 and 100 never shows as 0 or 100: a position that shows 100% must really be closed.
 */
export function roundPercentage(value: DecimalString, decimals = 1): DecimalString {
  const exact = toDec(value);
  const step = new Dec(10).pow(-decimals);
  const rounded = exact.toDecimalPlaces(decimals, Dec.ROUND_HALF_UP);
  if (rounded.eq(100) && exact.lt(100)) return fromDec(new Dec(100).minus(step));
  if (rounded.isZero() && exact.gt(0)) return fromDec(step);
  return fromDec(rounded);
}

/** The decimals a percentage leaves the server with (docs/domain.md, Percentages). */
export const PERCENTAGE_DECIMALS = 4;

/**
 * A percentage as the API sends it: rounded once, half-up, to PERCENTAGE_DECIMALS, with the rule
 * of roundPercentage that only a full position reads 100 and only an untouched one reads 0.
 */
export function percentageForApi(value: DecimalString): DecimalString {
  return roundPercentage(value, PERCENTAGE_DECIMALS);
}

/** percentageForApi for every value of a record (the summaries' per-year percentages). */
export function percentagesForApi<K extends string>(
  values: Record<K, DecimalString>,
): Record<K, DecimalString> {
  return Object.fromEntries(
    Object.entries<DecimalString>(values).map(([key, value]) => [key, percentageForApi(value)]),
  ) as Record<K, DecimalString>;
}
