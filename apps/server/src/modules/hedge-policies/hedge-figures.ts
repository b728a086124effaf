import {
  corridorAt,
  fromDec,
  hedgePosition,
  toDec,
  type HedgePoint,
  type LocalDate,
} from '@klik/domain';
import type { HedgeYear } from '@klik/api';
import type { ContractYear } from '../budgets/year-figures';

/** The fixed volume of a year and its share of the year's volume (2 decimals, half-up). */
export function fixedShareOf(year: ContractYear): {
  totalVolume: string;
  fixedVolume: string;
  fixedShare: string;
} {
  const total = year.parts.reduce((sum, part) => sum.plus(toDec(part.totalVolume)), toDec('0'));
  const fixed = year.parts.reduce((sum, part) => sum.plus(toDec(part.clickedVolume)), toDec('0'));
  return {
    totalVolume: fromDec(total),
    fixedVolume: fromDec(fixed),
    fixedShare: total.lte(0) ? '0' : fromDec(fixed.div(total).times(100).toDecimalPlaces(2)),
  };
}

/** A year against its policy (if any) on a day. */
export function hedgeYearOf(
  year: ContractYear,
  points: HedgePoint[] | null,
  today: LocalDate,
): HedgeYear {
  const figures = fixedShareOf(year);
  const corridor = points ? corridorAt(points, today) : null;
  return {
    contractId: year.head.contractId,
    commodity: year.head.commodity,
    product: year.head.product,
    yearOfSupply: year.yearOfSupply,
    ...figures,
    points,
    corridor: corridor ? { min: corridor.min, max: corridor.max } : null,
    position: points ? hedgePosition(points, today, figures.fixedShare) : null,
    nextPoint: points?.find((point) => point.date > today) ?? null,
  };
}

/** Points as stored and answered: plain decimals, in date order. */
export function normalisedPoints(points: readonly HedgePoint[]): HedgePoint[] {
  return [...points]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((point) => ({
      date: point.date,
      minShare: fromDec(toDec(point.minShare)),
      maxShare: point.maxShare === null ? null : fromDec(toDec(point.maxShare)),
    }));
}
