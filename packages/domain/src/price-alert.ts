import { toDec, type DecimalString } from './decimal';

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
