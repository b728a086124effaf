import type { ClickStatus, Locale } from '@klik/api';
import type { ContractPartName, Market, Maturity } from '@klik/domain';
import { monthName } from '../../../shared/format/format-numbers';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { Translate } from '../../../shared/i18n/use-t';

export const CLICK_STATUSES: readonly ClickStatus[] = [
  'PENDING_APPROVAL',
  'IN_PROGRESS',
  'COMPLETED',
  'REJECTED',
  'EXPIRED',
];

export function statusKey(status: ClickStatus): MessageKey {
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

/** Badge colours dark enough for white text (WCAG AA). */
export function statusColor(status: ClickStatus): string {
  switch (status) {
    case 'PENDING_APPROVAL':
      return 'indigo.8';
    case 'IN_PROGRESS':
      return 'blue.8';
    case 'COMPLETED':
      return 'teal.9';
    case 'REJECTED':
      return 'red.9';
    case 'EXPIRED':
      return 'gray.8';
  }
}

export function partKey(part: ContractPartName): MessageKey {
  switch (part) {
    case 'Gas':
      return 'positions.part.gas';
    case 'Peak':
      return 'positions.part.peak';
    case 'OffPeak':
      return 'positions.part.offPeak';
  }
}

export function marketKey(market: Market): MessageKey {
  return market === 'OTC' ? 'positions.market.otc' : 'positions.market.ice';
}

/** "Q1 2027" with the maturity in words for a title attribute. */
export function maturityWords(maturity: Maturity, t: Translate, locale: Locale): string {
  if (maturity === 'Y') return t('positions.maturity.year');
  const n = Number(maturity.slice(1));
  return maturity.startsWith('Q') ? t('positions.maturity.quarter', { n }) : monthName(n, locale);
}
