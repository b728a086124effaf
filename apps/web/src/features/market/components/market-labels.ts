import type { MarketProduct, PriceOrigin } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';

export function productKey(product: MarketProduct): MessageKey {
  switch (product) {
    case 'NL_POWER_BASE':
      return 'prices.product.powerBase';
    case 'NL_POWER_PEAK':
      return 'prices.product.powerPeak';
    case 'NL_POWER_OFFPEAK':
      return 'prices.product.powerOffPeak';
    case 'TTF_GAS':
      return 'prices.product.ttfGas';
  }
}

export function originKey(origin: PriceOrigin): MessageKey {
  switch (origin) {
    case 'SIMULATED':
      return 'prices.origin.simulated';
    case 'CSV':
      return 'prices.origin.csv';
    case 'INGEST':
      return 'prices.origin.ingest';
  }
}
