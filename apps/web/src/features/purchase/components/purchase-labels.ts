import type { ClickStatus, Locale } from '@klik/api';
import type { ContractPartName, Market, Maturity, PriceSource } from '@klik/domain';
import { monthName } from '../../../shared/format/format-numbers';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { Translate } from '../../../shared/i18n/use-t';

/** A maturity in words: "Jaar", "Kwartaal 2", "maart". */
export function maturityWords(maturity: Maturity, t: Translate, locale: Locale): string {
  if (maturity === 'Y') return t('positions.maturity.year');
  const n = Number(maturity.slice(1));
  return maturity.startsWith('Q') ? t('positions.maturity.quarter', { n }) : monthName(n, locale);
}

/** "Q1 2027 (Kwartaal 1)". */
export function periodText(maturity: Maturity, year: number, t: Translate, locale: Locale): string {
  return `${maturity} ${year} (${maturityWords(maturity, t, locale)})`;
}

export function partLabelKey(part: ContractPartName): MessageKey {
  switch (part) {
    case 'Gas':
      return 'positions.part.gas';
    case 'Peak':
      return 'positions.part.peak';
    case 'OffPeak':
      return 'positions.part.offPeak';
  }
}

export function marketLabelKey(market: Market): MessageKey {
  switch (market) {
    case 'OTC':
      return 'positions.market.otc';
    case 'ICE':
      return 'positions.market.ice';
  }
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

export function clickStatusKey(status: ClickStatus): MessageKey {
  switch (status) {
    case 'PENDING_APPROVAL':
      return 'clicks.status.pendingApproval';
    case 'IN_PROGRESS':
      return 'clicks.status.inProgress';
    case 'COMPLETED':
      return 'clicks.status.completed';
    case 'REJECTED':
      return 'clicks.status.rejected';
    case 'EXPIRED':
      return 'clicks.status.expired';
  }
}
