import { amsterdamDate, type LocalDate } from './amsterdam-time';
import { toDec, type DecimalString } from './decimal';
import { OTC_PRICE_CEILING } from './offers';

/** A price alert (stop-loss) fires when the price is equal to or below, or equal to or above, its price. */
export type PriceAlertDirection = 'EQUAL_OR_LOWER' | 'EQUAL_OR_HIGHER';
export const PRICE_ALERT_DIRECTIONS: readonly PriceAlertDirection[] = [
  'EQUAL_OR_LOWER',
  'EQUAL_OR_HIGHER',
];

export interface PriceAlert {
  direction: PriceAlertDirection;
  /** EUR/MWh. */
  price: DecimalString;
}

/** Whether a market price meets an alert: at or below (EQUAL_OR_LOWER), at or above (EQUAL_OR_HIGHER). */
export function isPriceAlertTriggered(alert: PriceAlert, marketPrice: DecimalString): boolean {
  const comparison = toDec(marketPrice).cmp(toDec(alert.price));
  return alert.direction === 'EQUAL_OR_LOWER' ? comparison <= 0 : comparison >= 0;
}

/**
 * Whether a price change should fire an alert: the new price meets it and the previous one did
 * not (or there was none), so one move through the alert price notifies once.
 */
export function priceAlertFires(
  alert: PriceAlert,
  previousPrice: DecimalString | null,
  currentPrice: DecimalString,
): boolean {
  if (!isPriceAlertTriggered(alert, currentPrice)) return false;
  return previousPrice === null || !isPriceAlertTriggered(alert, previousPrice);
}

/** An alert's price has at most this many decimals (NUMERIC(12, 4)). */
export const PRICE_ALERT_DECIMALS = 4;
/** An alert's price lies below this (exclusive), the OTC ceiling that marks "no price". */
export const PRICE_ALERT_CEILING = OTC_PRICE_CEILING;

const ALERT_PRICE = /^\d{1,8}(\.\d{1,4})?$/;

/**
 * What is wrong with an alert price as typed (a plain decimal with a point): REQUIRED when it is
 * empty, INVALID when it is not a decimal with at most 4 decimals, not above 0 or not below
 * 99999999; null when it is a valid price. Example: '80.5' → null, '0' → INVALID, '' → REQUIRED.
 */
export function priceAlertPriceProblem(text: string): 'REQUIRED' | 'INVALID' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'REQUIRED';
  if (!ALERT_PRICE.test(trimmed)) return 'INVALID';
  const price = toDec(trimmed);
  return price.gt(0) && price.lt(PRICE_ALERT_CEILING) ? null : 'INVALID';
}

/**
 * An alert lives up to and including its expiry day (an Amsterdam calendar day) and never fires
 * after it. Example: expiring 2027-03-31, at 2027-03-31 23:30 Amsterdam → not expired; at
 * 2027-04-01 00:00 → expired.
 */
export function isPriceAlertExpired(expiresOn: LocalDate, at: Date): boolean {
  return amsterdamDate(at) > expiresOn;
}

/** What one price does to an alert that remembers whether the last price met it. */
export interface PriceAlertStep {
  /** Whether this price meets the alert (the state to remember). */
  met: boolean;
  /** Whether the alert fires now: this price meets it and the last one did not (or none was seen). */
  fires: boolean;
}

/**
 * One price against an alert's remembered state (lastMet: whether the last price it saw met it,
 * null before the first). It fires once per crossing: only on the price that moves into the
 * alert, never again while prices stay beyond the threshold, and again only after a price has
 * left it and a later one crosses back.
 */
export function stepPriceAlert(
  alert: PriceAlert,
  lastMet: boolean | null,
  price: DecimalString,
): PriceAlertStep {
  const met = isPriceAlertTriggered(alert, price);
  return { met, fires: met && lastMet !== true };
}

/**
 * The positions in a sequence of prices at which an alert fires, from a remembered state, and
 * the state after the last price. Equivalent to applying stepPriceAlert price by price.
 */
export function priceAlertCrossings(
  alert: PriceAlert,
  lastMet: boolean | null,
  prices: readonly DecimalString[],
): { fires: number[]; lastMet: boolean | null } {
  const fires: number[] = [];
  let state = lastMet;
  prices.forEach((price, index) => {
    const step = stepPriceAlert(alert, state, price);
    if (step.fires) fires.push(index);
    state = step.met;
  });
  return { fires, lastMet: state };
}
