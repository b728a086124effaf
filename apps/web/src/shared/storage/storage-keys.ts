/** Browser storage keys of spec section 3, in one place so every feature uses the same names. */
export const STORAGE_KEYS = {
  session: 'session',
  locale: 'locale',
  selectedCustomer: 'selectedCustomer',
  selectedDashboard: 'selectedDashboard',
  notificationData: 'notificationData',
  purchase: 'purchase',
  position: (contractId: number | string) => `position_${contractId}`,
  clicks: (contractId: number | string) => `clicks_${contractId}`,
  summaryCustomer: (customerId: number | string) => `summaryC_${customerId}`,
  summaryDashboard: (dashboardId: number | string) => `summaryD_${dashboardId}`,
  tpiData: (customerId: number | string) => `tpi_data_${customerId}`,
  /** A multi-customer click being confirmed, with its idempotency keys (docs/tpi.md). */
  multiClick: 'tpi_multi_click',
  /** The market (OTC or ICE) whose prices the position grid shows, kept per browser. */
  gridMarket: 'gridMarket',
} as const;

/** Prefixes of the positions data cleared after every login. */
export const POSITIONS_DATA_PREFIXES = ['position_', 'clicks_', 'summaryC_', 'summaryD_'] as const;

export const LOCALE_COOKIE = 'locale';
