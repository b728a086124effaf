import { amsterdamDate, type LocalDate } from './amsterdam-time';
import { Dec, toDec, type DecimalString } from './decimal';

/*
 * Standing orders (docs/standing-orders.md): a click the server makes for the customer when the
 * click price of a position reaches a limit (at or below: buying cheap) or a stop (at or above:
 * fixing before it gets worse), valid until a day.
 */

export const STANDING_ORDER_STATUSES = ['ACTIVE', 'EXECUTED', 'CANCELLED', 'LAPSED'] as const;
export type StandingOrderStatus = (typeof STANDING_ORDER_STATUSES)[number];

/** Why an order lapsed: it can never execute any more. */
export const STANDING_ORDER_LAPSE_REASONS = [
  // Its own last day passed.
  'EXPIRED',
  // The position's click deadline passed (DC_21).
  'DEADLINE_PASSED',
  // The volume it would fix is no longer open (DC_12, DC_11, or below the order's volume).
  'VOLUME_GONE',
  // The contract no longer has the position, or no longer lets it be clicked (DC_10).
  'POSITION_GONE',
  // The order's volume is below the smallest click the contract allows.
  'VOLUME_TOO_LOW',
  // Its creator no longer acts for the customer.
  'NO_ACCESS',
] as const;
export type StandingOrderLapseReason = (typeof STANDING_ORDER_LAPSE_REASONS)[number];

/**
 * Why an active order did not execute on a price that met it: the rules refused the click at that
 * moment (a DC_ code, the click limit, new terms, ...); it tries again on a later price.
 */
export const STANDING_ORDER_WAITING_REASONS = [
  'DC_22',
  'DC_23',
  'DC_31',
  'DC_34',
  'DC_35',
  'DC_36',
  'CLICK_LIMIT_REACHED',
  'TERMS_NOT_ACCEPTED',
  'CUSTOMER_INACTIVE',
  'CONTRACT_CHANGED',
  'ANOTHER_CLICK_IN_PROGRESS',
  // Anything else the click path answered that says nothing lasting (kept as is in the log).
  'OTHER',
] as const;
export type StandingOrderWaitingReason = (typeof STANDING_ORDER_WAITING_REASONS)[number];

/** The thresholds of an order; at least one is set, both make one-cancels-other. */
export interface StandingOrderTrigger {
  /** EUR/MWh: execute when the click price is at or below it. */
  limit: DecimalString | null;
  /** EUR/MWh: execute when the click price is at or above it. */
  stop: DecimalString | null;
}

/** Which threshold a price met. */
export type StandingOrderTriggered = 'LIMIT' | 'STOP';

/** A part of a quote as the trigger reads it. */
export interface TriggerPart {
  volume: DecimalString;
  clickPrice: DecimalString;
}

/**
 * The threshold a single price meets: the limit when it is at or below it, else the stop when it
 * is at or above it, else null. With both set, a price meets at most one of them whenever the
 * limit is below the stop (placing requires that), so one order executes once either way.
 */
export function triggerMetBy(
  trigger: StandingOrderTrigger,
  price: DecimalString,
): StandingOrderTriggered | null {
  const value = toDec(price);
  if (trigger.limit !== null && value.lte(toDec(trigger.limit))) return 'LIMIT';
  if (trigger.stop !== null && value.gte(toDec(trigger.stop))) return 'STOP';
  return null;
}

/**
 * The threshold a quote meets, judged by its click price: one part's click price, or for a
 * position of several parts (Peak and Off-peak) their volume-weighted average. Compared exactly,
 * without dividing (sum(volume x price) against threshold x sum(volume)), so "at or below" holds
 * at the last decimal. Null when no threshold is met or the quote has no volume.
 */
export function quoteMeetsTrigger(
  trigger: StandingOrderTrigger,
  parts: readonly TriggerPart[],
): StandingOrderTriggered | null {
  let volume = new Dec(0);
  let amount = new Dec(0);
  for (const part of parts) {
    volume = volume.plus(toDec(part.volume));
    amount = amount.plus(toDec(part.volume).times(toDec(part.clickPrice)));
  }
  if (volume.lte(0)) return null;
  if (trigger.limit !== null && amount.lte(toDec(trigger.limit).times(volume))) return 'LIMIT';
  if (trigger.stop !== null && amount.gte(toDec(trigger.stop).times(volume))) return 'STOP';
  return null;
}

/**
 * Whether a new market price of a product that prices an order's position may make the order meet
 * where the last quote did not (at `checkedPrice`, that product's price then). A click price
 * rises and falls with each part's market price, so a price no lower than the checked one cannot
 * meet a limit the checked quote missed, and one no higher cannot meet a stop. Without a checked
 * price there is nothing to go by: worth a quote.
 */
export function worthQuoting(
  trigger: StandingOrderTrigger,
  checkedPrice: DecimalString | undefined,
  price: DecimalString,
): boolean {
  if (checkedPrice === undefined) return true;
  const moved = toDec(price).cmp(toDec(checkedPrice));
  return (trigger.limit !== null && moved < 0) || (trigger.stop !== null && moved > 0);
}

/** What a refusal of the click path means for an order: wait for a later price, or lapse. */
export type RefusalOutcome =
  | { kind: 'wait'; reason: StandingOrderWaitingReason }
  | { kind: 'lapse'; reason: StandingOrderLapseReason };

const LAPSING: Readonly<Record<string, StandingOrderLapseReason>> = {
  DC_21: 'DEADLINE_PASSED',
  DC_12: 'VOLUME_GONE',
  DC_11: 'VOLUME_GONE',
  VOLUME_TOO_HIGH: 'VOLUME_GONE',
  DC_10: 'POSITION_GONE',
  NOT_FOUND: 'POSITION_GONE',
  VOLUME_TOO_LOW: 'VOLUME_TOO_LOW',
  FORBIDDEN: 'NO_ACCESS',
};

/**
 * Sorts a refusal code of the click path: what can never change back (deadline passed, volume no
 * longer open, position gone, access gone) lapses the order; everything else (window closed,
 * paused, a transaction pending, new terms, the click limit) makes it wait for a later price.
 */
export function refusalOutcome(code: string): RefusalOutcome {
  const lapse = LAPSING[code];
  if (lapse !== undefined) return { kind: 'lapse', reason: lapse };
  const waiting = (STANDING_ORDER_WAITING_REASONS as readonly string[]).includes(code)
    ? (code as StandingOrderWaitingReason)
    : 'OTHER';
  return { kind: 'wait', reason: waiting };
}

/**
 * Whether an order has run out by time at an instant: its last day (an Amsterdam day, inclusive)
 * is over, or the position's click deadline has passed. Null while it may still execute.
 */
export function lapseByTime(
  order: { validUntil: LocalDate },
  deadlineClosesAt: Date,
  at: Date,
): StandingOrderLapseReason | null {
  if (at.getTime() >= deadlineClosesAt.getTime()) return 'DEADLINE_PASSED';
  if (amsterdamDate(at) > order.validUntil) return 'EXPIRED';
  return null;
}

/** What is wrong with an order's terms, as the field codes of the portal's forms. */
export type StandingOrderProblem =
  'PRICE_REQUIRED' | 'PRICE_INVALID' | 'VALID_UNTIL_INVALID' | 'DEADLINE_PASSED';

/**
 * Checks an order before it is placed: a limit or a stop (or both, the limit below the stop, so no
 * price meets both), both above zero; valid from today until at most the position's last trading
 * day; and the position's deadline not passed. Null when it may be placed.
 */
export function checkStandingOrder(
  order: StandingOrderTrigger & { validUntil: LocalDate },
  position: { lastTradingDay: LocalDate; closesAt: Date },
  at: Date,
): StandingOrderProblem | null {
  if (order.limit === null && order.stop === null) return 'PRICE_REQUIRED';
  for (const price of [order.limit, order.stop]) {
    if (price !== null && toDec(price).lte(0)) return 'PRICE_INVALID';
  }
  if (order.limit !== null && order.stop !== null && toDec(order.limit).gte(toDec(order.stop))) {
    return 'PRICE_INVALID';
  }
  if (at.getTime() >= position.closesAt.getTime()) return 'DEADLINE_PASSED';
  if (order.validUntil < amsterdamDate(at) || order.validUntil > position.lastTradingDay) {
    return 'VALID_UNTIL_INVALID';
  }
  return null;
}
