import type { Locale, StressScenarioId } from '@klik/api';
import type { Commodity } from '@klik/domain';
import { formatMoney, formatPercentage, formatPrice } from '../../../shared/format/format-numbers';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { Translate } from '../../../shared/i18n/use-t';

export function stressScenarioKey(scenario: StressScenarioId): MessageKey {
  switch (scenario) {
    case 'PLUS_50':
      return 'risk.stress.scenario.plusFifty';
    case 'PLUS_100':
      return 'risk.stress.scenario.plusHundred';
    case 'MINUS_30':
      return 'risk.stress.scenario.minusThirty';
    case 'CRISIS_2021_22':
      return 'risk.stress.scenario.crisis';
  }
}

/** "Stroom 2027": a contract year of the risk figures. */
export function riskYearName(commodity: Commodity, yearOfSupply: number, t: Translate): string {
  return t('risk.year.name', {
    commodity: t(commodity === 'Power' ? 'positions.filter.power' : 'positions.filter.gas'),
    year: yearOfSupply,
  });
}

/** The figure formats of the risk screen, with a dash-free word for what is not there. */
export function riskFormats(t: Translate, locale: Locale) {
  const none = t('risk.none');
  return {
    money: (value: string | null) => (value === null ? none : formatMoney(value, locale)),
    price: (value: string | null) => (value === null ? none : formatPrice(value, locale)),
    percent: (value: string | null) => (value === null ? none : formatPercentage(value, locale)),
  };
}
