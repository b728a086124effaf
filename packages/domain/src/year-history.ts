import { clickTypeAllows, type ClickType } from './click-type';
import { isDeadlinePassed } from './deadline';
import type { DisableClickReason } from './disable-reasons';
import type { Period } from './maturity';

/** A position of a year as the history rule reads it. */
export interface YearHistoryStatus extends Period {
  clickable: boolean;
  disableClickReason: DisableClickReason | null;
}

/**
 * Whether a year of supply of a contract is history: no position of it can be clicked, every
 * position has ended (its deadline passed: DC_21, or the deadline by the portal's rule is behind
 * the instant; or the click type never allows it: DC_10), and at least one deadline has passed.
 * The deadline is also checked by the instant because a more lasting reason (DC_34 read-only,
 * DC_35 paused) hides DC_21 from the status. A year that is fully clicked but still ahead (DC_12)
 * is not history.
 */
export function isYearHistory(input: {
  clickType: ClickType;
  statuses: readonly YearHistoryStatus[];
  at: Date;
}): boolean {
  const passed = (status: YearHistoryStatus) =>
    status.disableClickReason === 'DC_21' || isDeadlinePassed(input.at, status);
  const ended = (status: YearHistoryStatus) =>
    passed(status) || !clickTypeAllows(input.clickType, status.maturity);
  return (
    input.statuses.some(passed) &&
    input.statuses.every((status) => !status.clickable && ended(status))
  );
}
