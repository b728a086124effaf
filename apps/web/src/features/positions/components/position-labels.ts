import type { Locale } from '@klik/api';
import type { ClickType, ContractPartName, Market, Maturity, MarketOption } from '@klik/domain';
import { monthName } from '../../../shared/format/format-numbers';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { Translate } from '../../../shared/i18n/use-t';

/** A maturity in words: "Jaar", "Kwartaal 2", "maart". */
export function maturityDescription(maturity: Maturity, t: Translate, locale: Locale): string {
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
