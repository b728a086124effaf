import { clickTypeAllows, type ClickType } from '../click-type';
import { periodDeadline, type DeadlineRule } from '../deadline';
import { MATURITIES, monthsOf } from '../maturity';
import type { TradingCalendar } from '../trading-calendar';

/** Milliseconds in a year of 365.25 days: the unit of time of the price model. */
export const YEAR_MS = 365.25 * 86_400_000;

/**
 * The risk horizon of one contract in one year of supply (docs/risk.md): the last moment any of
 * its open volume can still be clicked, i.e. the latest deadline not yet passed among the
 * maturities its click type allows that hold an open month. Until then the open volume is
 * exposed to the market; the last deadline is the conservative choice (the longest exposure).
 * Null when nothing open can be clicked any more.
 */
export function riskHorizon(input: {
  clickType: ClickType;
  yearOfSupply: number;
  /** Months of supply (1-12) with open volume in any part. */
  openMonths: ReadonlySet<number>;
  at: Date;
  calendar?: TradingCalendar;
  rule?: DeadlineRule;
}): Date | null {
  let last: Date | null = null;
  for (const maturity of MATURITIES) {
    if (!clickTypeAllows(input.clickType, maturity)) continue;
    if (!monthsOf(maturity).some((month) => input.openMonths.has(month))) continue;
    const { closesAt } = periodDeadline(
      { maturity, yearOfSupply: input.yearOfSupply },
      input.calendar,
      input.rule,
    );
    if (closesAt.getTime() <= input.at.getTime()) continue;
    if (last === null || closesAt.getTime() > last.getTime()) last = closesAt;
  }
  return last;
}

/** Years (of 365.25 days) from an instant to a horizon; 0 for none or one passed. */
export function yearsUntil(at: Date, horizon: Date | null): number {
  return horizon === null ? 0 : Math.max(0, (horizon.getTime() - at.getTime()) / YEAR_MS);
}
