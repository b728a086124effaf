import type { Locale } from '@klik/api';
import type { Maturity, PriceSource } from '@klik/domain';
import { maturityWords } from '../../../shared/i18n/domain-labels';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { Translate } from '../../../shared/i18n/use-t';

/** "Q1 2027 (Kwartaal 1)". */
export function periodText(maturity: Maturity, year: number, t: Translate, locale: Locale): string {
  return `${maturity} ${year} (${maturityWords(maturity, t, locale)})`;
}

export function priceSourceKey(source: PriceSource): MessageKey {
  switch (source) {
    case 'OTC_LIVE':
      return 'purchase.priceSource.otcLive';
    case 'ICE_END_OF_DAY':
      return 'purchase.priceSource.iceEndOfDay';
    case 'ICE_OVERNIGHT':
      return 'purchase.priceSource.iceOvernight';
  }
}
