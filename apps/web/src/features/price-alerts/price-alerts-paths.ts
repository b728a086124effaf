/** The price alerts screen (docs/price-alerts.md). */
export const PRICE_ALERTS_WEB_PATH = '/pricealerts';
