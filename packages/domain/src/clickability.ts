import { clickTypeAllows, type ClickType } from './click-type';
import type { ContractPartVolumes, Market, MarketOption } from './contract';
import { isDeadlinePassed, type DeadlineRule } from './deadline';
import { toDec } from './decimal';
import type { DisableClickReason } from './disable-reasons';
import type { Period } from './maturity';
import { statusHasOffers, statusHasPrice } from './offers';
import { openVolume } from './open-volume';
import { periodsOverlap } from './overlap';
import type { TradingCalendar } from './trading-calendar';
import { openSessions, type TradingSession } from './trading-window';

/** Everything the server knows that decides whether a position can be clicked now. */
export interface ClickabilityInput {
  clickType: ClickType;
  marketOption: MarketOption;
  period: Period;
  /** The contract parts of the position with their volumes and offers. */
  parts: readonly ContractPartVolumes[];
  at: Date;
  /** Clicking is paused portal-wide (trading status pauzeActive). */
  paused: boolean;
  /** The user may click: not read-only and click-authorised. */
  userMayClick: boolean;
  /** A transaction on an overlapping position of this contract is still pending. */
  pendingOverlappingClick: boolean;
  calendar?: TradingCalendar;
  /** The contract's click deadline rule; absent: the last trading day before delivery. */
  deadlineRule?: DeadlineRule;
}

export type Clickability =
  | {
      clickable: true;
      disableClickReason: null;
      /** The markets a click may go to now, each with the session (and price) that applies. */
      sessions: TradingSession[];
    }
  | { clickable: false; disableClickReason: DisableClickReason; sessions: [] };

function refuse(disableClickReason: DisableClickReason): Clickability {
  return { clickable: false, disableClickReason, sessions: [] };
}

/**
 * Decides whether a position can be clicked now, and if not, the one reason shown. Reasons are
 * checked in this order, so the reason shown is the most lasting one:
 * DC_34 user not authorised, DC_35 paused, DC_10 click type does not allow the period type,
 * DC_21 deadline passed, DC_12 no open volume, DC_11 a power part closed, DC_31 pending overlapping
 * transaction, DC_36 window closed, DC_22 no offer on any open market, DC_23 no price yet.
 */
export function decideClickability(input: ClickabilityInput): Clickability {
  if (!input.userMayClick) return refuse('DC_34');
  if (input.paused) return refuse('DC_35');
  if (!clickTypeAllows(input.clickType, input.period.maturity)) return refuse('DC_10');
  if (isDeadlinePassed(input.at, input.period, input.calendar, input.deadlineRule))
    return refuse('DC_21');

  const withVolume = input.parts.filter((part) => toDec(part.totalVolume).gt(0));
  const open = withVolume.filter((part) => toDec(openVolume(part)).gt(0));
  if (open.length === 0) return refuse('DC_12');
  if (open.length < withVolume.length) return refuse('DC_11');

  if (input.pendingOverlappingClick) return refuse('DC_31');

  const sessions = openSessions(input.at, {
    marketOption: input.marketOption,
    period: input.period,
    calendar: input.calendar,
  });
  if (sessions.length === 0) return refuse('DC_36');

  // Spec section 5: a status is clickable only if every contract part has an offerPart (the OTC
  // offer), so an ICE order needs it too; its price may still be null (docs/domain.md).
  if (!input.parts.every((part) => part.offerPart != null)) return refuse('DC_22');
  const offered = sessions.filter((session) => statusHasOffers(input.parts, session.market));
  if (offered.length === 0) return refuse('DC_22');

  const priced = offered.filter((session) => statusHasPrice(input.parts, session.market));
  if (priced.length === 0) return refuse('DC_23');

  return { clickable: true, disableClickReason: null, sessions: priced };
}

/** A click as the server keeps it. */
export interface ClickRecord extends Period {
  inProgress: boolean;
}

/** Whether an unfinished click on an overlapping position locks a period (DC_31). */
export function hasPendingOverlappingClick(
  period: Period,
  clicks: readonly ClickRecord[],
): boolean {
  return clicks.some((click) => click.inProgress && periodsOverlap(click, period));
}

/** Whether a year is offered: at least one of its positions is clickable. */
export function isYearOffered(statuses: readonly { clickable: boolean }[]): boolean {
  return statuses.some((status) => status.clickable);
}

/**
 * Reasons that say nothing of the position itself but of the user (DC_34), the pause (DC_35), the
 * trading window (DC_36) or the data (DC_37): they hold every position alike.
 */
const NOT_OF_THE_POSITION: ReadonlySet<DisableClickReason> = new Set([
  'DC_34',
  'DC_35',
  'DC_36',
  'DC_37',
]);

export function isReasonOfEveryPosition(reason: DisableClickReason | null | undefined): boolean {
  return reason != null && NOT_OF_THE_POSITION.has(reason);
}

/**
 * The years of supply a click can start in (spec section 5: "a year is offered only if at least
 * one maturity is clickable"), in the contract's order: each year with at least one clickable
 * status of that year among `statuses` (years, quarters and months together).
 */
export function offeredYears(
  yearsOfSupply: readonly number[],
  statuses: readonly { yearOfSupply: number; clickable: boolean }[],
): number[] {
  return yearsOfSupply.filter((year) =>
    isYearOffered(statuses.filter((status) => status.yearOfSupply === year)),
  );
}

/** The markets a clickable position may be clicked on now. */
export function clickableMarkets(clickability: Clickability): Market[] {
  return clickability.sessions.map((session) => session.market);
}
