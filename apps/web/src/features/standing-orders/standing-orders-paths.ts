/** The standing orders screen (docs/standing-orders.md). */
export const STANDING_ORDERS_WEB_PATH = '/standingorders';
