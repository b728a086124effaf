import {
  attribute,
  BACKTEST_STRATEGIES,
  extremeDays,
  fromDec,
  marginOn,
  replay,
  replayActual,
  roundAttribution,
  strategyInput,
  strategyTargets,
  toDec,
  twelveMonthStats,
  type BacktestYear,
  type ContractPartName,
  type DailyPrice,
  type DecimalString,
  type ReplayClick,
  type ReplayOutcome,
} from '@klik/domain';
import { chartHistory, divideHalfUp, plain, scaled } from './backtest-chart';
import type {
  Attribution,
  Backtest,
  ReplayedClick,
  StrategyId,
  StrategyParameters,
  StrategyResult,
} from '@klik/api';

/*
 * The figures of one contract year (docs/backtest.md, "The figures"): the actual clicks and every
 * strategy replayed by the domain, rounded half-up to the API's precisions (EUR 2 decimals,
 * EUR/MWh 4, MWh 3), each compared with the actual clicks, the attribution against the
 * reference, the 12-month statistics, the best and worst day, and the chart's history. Pure, so
 * the bench times exactly what a request computes.
 */

type Dec = ReturnType<typeof toDec>;
const ZERO = toDec('0');

/** EUR: two decimals, always written. */
export const money = (value: Dec): DecimalString => value.toDecimalPlaces(2).toFixed(2);
/** EUR/MWh: at most four decimals, half-up. */
export const perMwh = (value: Dec): DecimalString => fromDec(value.toDecimalPlaces(4));
/** MWh: at most three decimals, half-up. */
export const mwh = (value: Dec): DecimalString => fromDec(value.toDecimalPlaces(3));

/**
 * A plain decimal to at most `places` decimals, half-up: as it is when it has no more (the
 * replay's figures nearly always), so a year's thousands of clicks cost no decimal arithmetic.
 */
function rounded(value: DecimalString, places: number): DecimalString {
  const point = value.indexOf('.');
  if (point < 0 || value.length - point - 1 <= places) return value;
  return fromDec(toDec(value).toDecimalPlaces(places));
}

function clickOf(click: ReplayClick): ReplayedClick {
  return {
    day: click.day,
    maturity: click.maturity,
    part: click.part,
    volume: rounded(click.volume, 3),
    marketPrice: rounded(click.marketPrice, 4),
    margin: rounded(click.margin, 4),
    price: rounded(click.price, 4),
    forced: click.forced,
  };
}

/** EUR: every click's volume x price to cents, summed (as a click's cost is). */
export function totalCostOf(outcome: Pick<ReplayOutcome, 'clicks'>): Dec {
  // In scaled integers (kWh x millionths of a EUR/MWh) while every figure fits, else decimals.
  let cents = 0n;
  for (const click of outcome.clicks) {
    const volume = scaled(click.volume, 3);
    const price = scaled(click.price, 6);
    if (volume === null || price === null) return decimalTotalCost(outcome);
    cents += divideHalfUp(volume * price, 10n ** 7n);
  }
  return toDec(plain(cents, 2));
}

/** The same in decimals. */
export function decimalTotalCost(outcome: Pick<ReplayOutcome, 'clicks'>): Dec {
  return outcome.clicks.reduce(
    (acc, click) => acc.plus(toDec(click.volume).times(toDec(click.price)).toDecimalPlaces(2)),
    ZERO,
  );
}

function unavailable(strategy: StrategyId, reason: StrategyResult['unavailable']): StrategyResult {
  return {
    strategy,
    unavailable: reason,
    clicks: [],
    clickCount: 0,
    volume: '0',
    totalCost: null,
    averagePrice: null,
    resultAgainstActual: null,
    resultAgainstActualPerMwh: null,
  };
}

function resultOf(
  strategy: StrategyId,
  outcome: ReplayOutcome,
  actualCost: Dec | null,
  yearVolume: Dec,
): StrategyResult {
  const cost = totalCostOf(outcome);
  const volume = toDec(outcome.volume);
  const result = actualCost === null ? null : actualCost.minus(cost);
  return {
    strategy,
    unavailable: null,
    clicks: outcome.clicks.map(clickOf),
    clickCount: outcome.clickCount,
    volume: mwh(volume),
    totalCost: money(cost),
    averagePrice: volume.isZero() ? null : perMwh(cost.div(volume)),
    resultAgainstActual: result === null ? null : money(result),
    resultAgainstActualPerMwh:
      result === null || yearVolume.isZero() ? null : perMwh(result.div(yearVolume)),
  };
}

/** What one contract year's replay answers, besides who and which year. */
export type YearFigures = Pick<
  Backtest,
  'strategies' | 'attribution' | 'twelveMonth' | 'bestDay' | 'worstDay' | 'spread' | 'history'
>;

/** The outcomes before rounding, for the ranking. */
export interface Outcomes {
  actual: ReplayOutcome | null;
  byStrategy: Map<StrategyId, ReplayOutcome | null>;
  /** The year's click price per day (yearDailyPrices), as the strategies saw it. */
  days: readonly DailyPrice[];
}

/** Replays the actual clicks and the strategies asked for (all: every strategy). */
export function replayOutcomes(
  year: BacktestYear | null,
  stored: readonly ReplayClick[] | null,
  parameters: StrategyParameters,
  only?: readonly StrategyId[],
): Outcomes {
  const byStrategy = new Map<StrategyId, ReplayOutcome | null>();
  if (year === null) return { actual: null, byStrategy, days: [] };
  const actual = stored === null ? null : replayActual(year, stored);
  const input = strategyInput(year);
  for (const strategy of BACKTEST_STRATEGIES) {
    if (only && !only.includes(strategy)) continue;
    const targets = strategyTargets(strategy, input, parameters);
    byStrategy.set(strategy, targets === null ? null : replay(year, targets));
  }
  return { actual, byStrategy, days: input.days };
}

/** The year's figures from its replay; `year` null: no history priced it (every one NO_HISTORY). */
export function yearFigures(
  year: BacktestYear | null,
  stored: readonly ReplayClick[],
  parameters: StrategyParameters,
  yearVolume: Dec,
): YearFigures {
  const { actual, byStrategy, days } = replayOutcomes(year, stored, parameters);
  const actualCost = actual === null ? null : totalCostOf(actual);
  const strategies: StrategyResult[] = [
    actual === null
      ? unavailable('ACTUAL', 'NO_HISTORY')
      : resultOf('ACTUAL', actual, actualCost, yearVolume),
  ];
  for (const strategy of BACKTEST_STRATEGIES) {
    const outcome = byStrategy.get(strategy);
    if (year === null || outcome === undefined) {
      strategies.push(unavailable(strategy, 'NO_HISTORY'));
    } else if (outcome === null) {
      // No targets: only the corridor strategies go without (no hedge policy); no outcome: no prices.
      strategies.push(
        unavailable(
          strategy,
          strategy.startsWith('CORRIDOR_') && !year.hedgePolicy ? 'NO_POLICY' : 'NO_HISTORY',
        ),
      );
    } else {
      strategies.push(resultOf(strategy, outcome, actualCost, yearVolume));
    }
  }
  const reference = byStrategy.get(parameters.reference) ?? null;
  let attribution: Attribution | null = null;
  if (year !== null && actual !== null && reference !== null) {
    const parts = roundAttribution(attribute(year, actual.clicks, reference.clicks));
    attribution = { reference: parameters.reference, ...parts };
  }
  if (year === null) {
    return {
      strategies,
      attribution,
      twelveMonth: null,
      bestDay: null,
      worstDay: null,
      spread: null,
      history: [],
    };
  }
  const stats = twelveMonthStats(days, year.to);
  const extremes = extremeDays(year);
  return {
    strategies,
    attribution,
    twelveMonth: stats && {
      average: perMwh(toDec(stats.average)),
      high: perMwh(toDec(stats.high)),
      low: perMwh(toDec(stats.low)),
    },
    bestDay: extremes && {
      day: extremes.best.day,
      totalCost: money(toDec(extremes.best.totalCost)),
    },
    worstDay: extremes && {
      day: extremes.worst.day,
      totalCost: money(toDec(extremes.worst.totalCost)),
    },
    spread:
      extremes && money(toDec(extremes.worst.totalCost).minus(toDec(extremes.best.totalCost))),
    history: chartHistory(year, days) ?? decimalHistory(year, days),
  };
}

/**
 * The chart: per day of the year's click price series, that price and the part's own click price
 * (market + margin, volume-weighted over the positions that have the part). In decimals: the
 * reference chartHistory is tested against, and what answers when a figure has more decimals than
 * its scaled integers hold.
 */
export function decimalHistory(
  year: BacktestYear,
  series: readonly DailyPrice[],
): Backtest['history'] {
  const parts = new Map<ContractPartName, { volume: Dec; prices: Map<string, Dec> }[]>();
  for (const position of year.positions) {
    for (const { part, volume } of position.parts) {
      const amount = toDec(volume);
      if (amount.lte(0)) continue;
      const list = parts.get(part) ?? [];
      list.push({
        volume: amount,
        prices: new Map((position.prices[part] ?? []).map((one) => [one.day, toDec(one.price)])),
      });
      parts.set(part, list);
    }
  }
  return series.map((point) => ({
    day: point.day,
    price: perMwh(toDec(point.price)),
    prices: [...parts].map(([part, positions]) => {
      const margin = toDec(marginOn(year.margins, part, point.day));
      let volume = ZERO;
      let amount = ZERO;
      for (const one of positions) {
        const market = one.prices.get(point.day);
        if (market === undefined) continue;
        volume = volume.plus(one.volume);
        amount = amount.plus(one.volume.times(market.plus(margin)));
      }
      return { part, price: perMwh(volume.isZero() ? ZERO : amount.div(volume)) };
    }),
  }));
}
