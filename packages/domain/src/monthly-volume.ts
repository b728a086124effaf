import { fromDec, toDec, type DecimalString } from './decimal';
import type { Maturity } from './maturity';
import { monthlyOpenVolumes } from './open-volume';

/** The fixed (clicked) and open volume of one position, for the monthly split. */
export interface PositionVolumes {
  maturity: Maturity;
  fixedVolume: DecimalString;
  openVolume: DecimalString;
}

/** One calendar month of a year of supply (MWh, exact). */
export interface MonthVolumes {
  /** 1 = January. */
  month: number;
  fixed: DecimalString;
  open: DecimalString;
  /** Fixed plus open. */
  total: DecimalString;
}

/**
 * The fixed and open volume per calendar month (12, January first) of one year of supply, by the
 * rule of the monthly open volume: each month takes its volumes from the highest maturity present
 * that covers it, a year's split over 12 months, a quarter's over its 3. Fixed and open are split
 * each on their own, so each adds up exactly to its positions' volume; a month's total is their
 * sum, because splitting the total as well could leave a month 0.001 MWh more fixed than total.
 */
export function fixedAndOpenPerMonth(positions: readonly PositionVolumes[]): MonthVolumes[] {
  // The split is the same for any volume; monthlyOpenVolumes names its input the open volume.
  const spread = (pick: (position: PositionVolumes) => DecimalString) =>
    monthlyOpenVolumes(
      positions.map((position) => ({ maturity: position.maturity, openVolume: pick(position) })),
    );
  const fixed = spread((position) => position.fixedVolume);
  const open = spread((position) => position.openVolume);
  return fixed.map((fixedOfMonth, index) => {
    const openOfMonth = open[index] as DecimalString;
    return {
      month: index + 1,
      fixed: fixedOfMonth,
      open: openOfMonth,
      total: fromDec(toDec(fixedOfMonth).plus(toDec(openOfMonth))),
    };
  });
}
