import { Dec, fromDec, toDec, type DecimalString } from './decimal';
import { MONTHS, monthsOf, periodTypeOf, type Maturity } from './maturity';

/** The volume still open: total minus clicked, never below zero (MWh). */
export function openVolume(volumes: {
  totalVolume: DecimalString;
  clickedVolume: DecimalString;
}): DecimalString {
  return fromDec(Dec.max(0, toDec(volumes.totalVolume).minus(toDec(volumes.clickedVolume))));
}

/** Volumes are split at kWh resolution: 0.001 MWh. */
export const VOLUME_DECIMALS = 3;

/**
 * Splits a volume into equal shares at kWh resolution so the shares add up exactly to the volume.
 * Share i is the difference of the rounded-down running totals, so no share differs from another
 * by more than 0.001 MWh and the last absorbs anything finer than a kWh.
 */
export function splitVolume(volume: DecimalString, shares: number): DecimalString[] {
  const total = toDec(volume);
  const runningTotal = (k: number) =>
    k === shares
      ? total
      : total.times(k).div(shares).toDecimalPlaces(VOLUME_DECIMALS, Dec.ROUND_DOWN);
  return Array.from({ length: shares }, (_, i) =>
    fromDec(runningTotal(i + 1).minus(runningTotal(i))),
  );
}

/** The open volume of one position, for the monthly split. */
export interface PositionOpenVolume {
  maturity: Maturity;
  openVolume: DecimalString;
}

const RANK = { YEAR: 0, QUARTER: 1, MONTH: 2 } as const;

/**
 * The open volume per calendar month (12 values, January first) of one year of supply. Each month
 * takes its volume from the highest maturity present that covers it (year, then quarter, then
 * month): a year's open volume is split over 12 months, a quarter's over its 3; a month with no
 * covering position is 0.
 */
export function monthlyOpenVolumes(positions: readonly PositionOpenVolume[]): DecimalString[] {
  const months: DecimalString[] = MONTHS.map(() => '0');
  const filled: number[] = MONTHS.map(() => Number.POSITIVE_INFINITY);
  for (const position of positions) {
    const rank = RANK[periodTypeOf(position.maturity)];
    const covered = monthsOf(position.maturity);
    const shares = splitVolume(position.openVolume, covered.length);
    covered.forEach((month, i) => {
      if (rank < (filled[month - 1] as number)) {
        filled[month - 1] = rank;
        months[month - 1] = shares[i] as DecimalString;
      }
    });
  }
  return months;
}
