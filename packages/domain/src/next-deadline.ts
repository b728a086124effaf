import { clickTypeAllows, type ClickType } from './click-type';
import { periodDeadline } from './deadline';
import { MATURITIES, monthsOf, type Maturity } from './maturity';

/** The next moment a position of a year stops being clickable. */
export interface NextDeadline {
  maturity: Maturity;
  closesAt: Date;
}

/**
 * The next click deadline of one contract in one year of supply at an instant: among the
 * maturities its click type allows that still have open volume (a month of theirs is open) and
 * whose deadline has not passed, the one whose deadline comes first; on equal deadlines the
 * highest maturity (Y before Q1 before M1). Null when nothing open can be clicked any more.
 */
export function nextClickDeadline(input: {
  clickType: ClickType;
  yearOfSupply: number;
  /** Months of supply (1-12) with open volume in any part. */
  openMonths: ReadonlySet<number>;
  at: Date;
}): NextDeadline | null {
  let next: NextDeadline | null = null;
  for (const maturity of MATURITIES) {
    if (!clickTypeAllows(input.clickType, maturity)) continue;
    if (!monthsOf(maturity).some((month) => input.openMonths.has(month))) continue;
    const { closesAt } = periodDeadline({ maturity, yearOfSupply: input.yearOfSupply });
    if (closesAt.getTime() <= input.at.getTime()) continue;
    if (next === null || closesAt.getTime() < next.closesAt.getTime()) {
      next = { maturity, closesAt };
    }
  }
  return next;
}
