// Catalogue keys for the product's own vocabulary, shared by every screen that names these things.
import type { ClickStatus, FeedHealth, Locale } from '@klik/api';
import type { ClickType, ContractPartName, Market, Maturity, MarketOption } from '@klik/domain';
import { monthName } from '../format/format-numbers';
import type { MessageKey } from './catalogues';
import type { Translate } from './use-t';

/** A maturity in words: "Jaar", "Kwartaal 2", "maart". */
export function maturityWords(maturity: Maturity, t: Translate, locale: Locale): string {
  if (maturity === 'Y') return t('positions.maturity.year');
  const n = Number(maturity.slice(1));
  return maturity.startsWith('Q') ? t('positions.maturity.quarter', { n }) : monthName(n, locale);
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
  switch (market) {
    case 'OTC':
      return 'positions.market.otc';
    case 'ICE':
      return 'positions.market.ice';
  }
}

export function clickTypeKey(clickType: ClickType): MessageKey {
  switch (clickType) {
    case null:
    case 'ALL':
      return 'positions.clickType.all';
    case 'YEAR':
      return 'positions.clickType.year';
    case 'QUARTER':
      return 'positions.clickType.quarter';
    case 'MONTH':
      return 'positions.clickType.month';
  }
}

export function clickOptionKey(option: MarketOption): MessageKey {
  switch (option) {
    case 'OTC_ONLY':
      return 'positions.clickOption.otcOnly';
    case 'PRE_EOD':
      return 'positions.clickOption.preEod';
    case 'PRE_EOD_AND_OVERNIGHT':
      return 'positions.clickOption.preEodAndOvernight';
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

/** Where the price feed of a server instance comes from. */
export function feedSourceKey(source: FeedHealth['source']): MessageKey {
  switch (source) {
    case 'simulated':
      return 'prices.feed.source.simulated';
    case 'csv':
      return 'prices.feed.source.csv';
    case 'none':
      return 'prices.feed.source.none';
  }
}
