import { MarketProductSchema, type HistoryCoverage, type HistoryImportIssueCode } from '@klik/api';
import type { MessageKey } from '../../../../shared/i18n/catalogues';
import type { Translate } from '../../../../shared/i18n/use-t';

/** Every issue code of the price history import, in words (docs/backtest.md, "Issues"). */
export const HISTORY_ISSUE_KEYS = {
  FILE_EMPTY: 'priceHistory.issue.fileEmpty',
  FILE_TOO_LARGE: 'priceHistory.issue.fileTooLarge',
  HEADER_MISSING_COLUMN: 'priceHistory.issue.headerMissingColumn',
  DATE_INVALID: 'priceHistory.issue.dateInvalid',
  PRODUCT_UNKNOWN: 'priceHistory.issue.productUnknown',
  YEAR_INVALID: 'priceHistory.issue.yearInvalid',
  MATURITY_INVALID: 'priceHistory.issue.maturityInvalid',
  MARKET_UNKNOWN: 'priceHistory.issue.marketUnknown',
  PRICE_INVALID: 'priceHistory.issue.priceInvalid',
  ROW_DUPLICATE: 'priceHistory.issue.rowDuplicate',
  DATE_AFTER_DELIVERY: 'priceHistory.issue.dateAfterDelivery',
} as const satisfies Record<HistoryImportIssueCode, MessageKey>;

type Source = HistoryCoverage[number]['source'];

export const HISTORY_SOURCE_KEYS = {
  IMPORT: 'priceHistory.source.import',
  SYNTHETIC: 'priceHistory.source.synthetic',
  RECORDED: 'priceHistory.source.recorded',
} as const satisfies Record<Source, MessageKey>;

const PRODUCT_KEYS = {
  NL_POWER_BASE: 'prices.product.powerBase',
  NL_POWER_PEAK: 'prices.product.powerPeak',
  NL_POWER_OFFPEAK: 'prices.product.powerOffPeak',
  TTF_GAS: 'prices.product.ttfGas',
} as const satisfies Record<string, MessageKey>;

/** A product's name; one the portal does not know yet keeps its code. */
export function productName(product: string, t: Translate): string {
  const known = MarketProductSchema.safeParse(product);
  return known.success ? t(PRODUCT_KEYS[known.data]) : product;
}
