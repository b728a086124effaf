import type { Locale, StrategyId, StrategyParameters, StrategyResult } from '@klik/api';
import { formatMoney, formatPrice } from '../../../shared/format/format-numbers';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { Translate } from '../../../shared/i18n/use-t';

/** Every strategy the server replays, in the order the screen lists them. */
export const STRATEGY_ORDER: readonly StrategyId[] = [
  'ACTUAL',
  'EQUAL_TRANCHES',
  'FIRST_DAY',
  'LAST_DAY',
  'LIMIT_BELOW_AVERAGE',
  'CORRIDOR_LOWER',
  'CORRIDOR_MIDDLE',
  'CORRIDOR_UPPER',
];

/** The strategies a reference may be. */
export const REFERENCE_STRATEGIES = STRATEGY_ORDER.filter(
  (strategy): strategy is Exclude<StrategyId, 'ACTUAL'> => strategy !== 'ACTUAL',
);

export function strategyKey(strategy: StrategyId): MessageKey {
  switch (strategy) {
    case 'ACTUAL':
      return 'backtest.strategy.actual';
    case 'CORRIDOR_LOWER':
      return 'backtest.strategy.corridorLower';
    case 'CORRIDOR_MIDDLE':
      return 'backtest.strategy.corridorMiddle';
    case 'CORRIDOR_UPPER':
      return 'backtest.strategy.corridorUpper';
    case 'EQUAL_TRANCHES':
      return 'backtest.strategy.equalTranches';
    case 'FIRST_DAY':
      return 'backtest.strategy.firstDay';
    case 'LAST_DAY':
      return 'backtest.strategy.lastDay';
    case 'LIMIT_BELOW_AVERAGE':
      return 'backtest.strategy.limitBelowAverage';
  }
}

/** What a strategy does, in one line, with the parameters it ran with. */
export function strategyDescription(
  strategy: StrategyId,
  parameters: StrategyParameters,
  t: Translate,
): string {
  switch (strategy) {
    case 'ACTUAL':
      return t('backtest.strategy.actual.what');
    case 'CORRIDOR_LOWER':
    case 'CORRIDOR_MIDDLE':
    case 'CORRIDOR_UPPER':
      return t('backtest.strategy.corridor.what');
    case 'EQUAL_TRANCHES':
      return t(
        parameters.trancheSchedule === 'MONTHLY'
          ? 'backtest.strategy.equalTranches.monthly'
          : 'backtest.strategy.equalTranches.quarterly',
      );
    case 'FIRST_DAY':
      return t('backtest.strategy.firstDay.what');
    case 'LAST_DAY':
      return t('backtest.strategy.lastDay.what');
    case 'LIMIT_BELOW_AVERAGE':
      return t('backtest.strategy.limitBelowAverage.what', {
        share: parameters.limitShare,
        days: parameters.limitDays,
      });
  }
}

/** Why a strategy has no result, in words. */
export function unavailableKey(reason: NonNullable<StrategyResult['unavailable']>): MessageKey {
  switch (reason) {
    case 'NO_POLICY':
      return 'backtest.unavailable.noPolicy';
    case 'NO_HISTORY':
      return 'backtest.unavailable.noHistory';
  }
}

/** The strategies of an answer in the screen's order (unknown ones, should the server add any, last). */
export function ordered<T extends { strategy: StrategyId }>(results: readonly T[]): T[] {
  const rank = (strategy: StrategyId) => {
    const at = STRATEGY_ORDER.indexOf(strategy);
    return at < 0 ? STRATEGY_ORDER.length : at;
  };
  return [...results].sort((a, b) => rank(a.strategy) - rank(b.strategy));
}

/** The figure formats of the strategy screen, with a word for what is not there. */
export function backtestFormats(t: Translate, locale: Locale) {
  const none = t('backtest.none');
  return {
    money: (value: string | null | undefined) =>
      value === null || value === undefined ? none : formatMoney(value, locale),
    price: (value: string | null | undefined) =>
      value === null || value === undefined ? none : formatPrice(value, locale),
  };
}

/** Colours of the strategies in the chart and its chips: Mantine's shade 9, dark enough on white. */
export const STRATEGY_COLOURS: Readonly<Record<StrategyId, string>> = {
  ACTUAL: 'red.9',
  EQUAL_TRANCHES: 'blue.9',
  FIRST_DAY: 'grape.9',
  LAST_DAY: 'orange.9',
  LIMIT_BELOW_AVERAGE: 'teal.9',
  CORRIDOR_LOWER: 'indigo.9',
  CORRIDOR_MIDDLE: 'cyan.9',
  CORRIDOR_UPPER: 'pink.9',
};

/** A theme colour ('red.9') as the CSS variable a chart's SVG takes. */
export function cssColour(themeColour: string): string {
  return `var(--mantine-color-${themeColour.replace('.', '-')})`;
}
