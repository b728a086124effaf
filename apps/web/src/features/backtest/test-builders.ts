import type { Backtest, Ranking, RankingRow, ReplayedClick, StrategyResult } from '@klik/api';

export function aReplayedClick(overrides: Partial<ReplayedClick> = {}): ReplayedClick {
  return {
    day: '2026-03-02',
    maturity: 'Y',
    part: 'Gas',
    volume: '1000.000',
    marketPrice: '30.0000',
    margin: '1.5000',
    price: '31.5000',
    forced: false,
    ...overrides,
  };
}

export function aStrategyResult(overrides: Partial<StrategyResult> = {}): StrategyResult {
  return {
    strategy: 'EQUAL_TRANCHES',
    unavailable: null,
    clicks: [
      aReplayedClick({ day: '2026-01-05', price: '32.0000' }),
      aReplayedClick({ day: '2026-02-02', price: '31.0000' }),
      aReplayedClick({ day: '2026-03-02', price: '30.0000', forced: true }),
    ],
    clickCount: 2,
    volume: '3000.000',
    totalCost: '93000.00',
    averagePrice: '31.0000',
    resultAgainstActual: '1500.00',
    resultAgainstActualPerMwh: '0.5000',
    ...overrides,
  };
}

const unavailable = (
  strategy: StrategyResult['strategy'],
  reason: 'NO_POLICY' | 'NO_HISTORY',
): StrategyResult => ({
  strategy,
  unavailable: reason,
  clicks: [],
  clickCount: 0,
  volume: '3000.000',
  totalCost: null,
  averagePrice: null,
  resultAgainstActual: null,
  resultAgainstActualPerMwh: null,
});

/** Gas 2027 of KL-270001 replayed: the window closed, no hedge policy for the corridors. */
export function aBacktest(overrides: Partial<Backtest> = {}): Backtest {
  return {
    customerId: 11,
    contractId: 'KL-270001',
    yearOfSupply: 2027,
    window: { from: '2026-01-02', to: '2026-03-31' },
    open: false,
    volume: '3000.000',
    twelveMonth: { average: '31.2500', high: '34.1000', low: '28.9000' },
    bestDay: { day: '2026-02-16', totalCost: '87000.00' },
    worstDay: { day: '2026-01-08', totalCost: '102300.00' },
    spread: '15300.00',
    parameters: {
      trancheSchedule: 'MONTHLY',
      limitDays: 20,
      limitShare: 10,
      reference: 'EQUAL_TRANCHES',
    },
    strategies: [
      aStrategyResult({
        strategy: 'ACTUAL',
        clicks: [aReplayedClick({ day: '2026-01-20', price: '31.5000' })],
        clickCount: 1,
        totalCost: '94500.00',
        averagePrice: '31.5000',
        resultAgainstActual: '0.00',
        resultAgainstActualPerMwh: '0.0000',
      }),
      aStrategyResult(),
      aStrategyResult({
        strategy: 'FIRST_DAY',
        clicks: [aReplayedClick({ day: '2026-01-02', price: '33.0000' })],
        clickCount: 1,
        totalCost: '99000.00',
        averagePrice: '33.0000',
        resultAgainstActual: '-4500.00',
        resultAgainstActualPerMwh: '-1.5000',
      }),
      unavailable('CORRIDOR_LOWER', 'NO_POLICY'),
      unavailable('CORRIDOR_MIDDLE', 'NO_POLICY'),
      unavailable('CORRIDOR_UPPER', 'NO_POLICY'),
      unavailable('LIMIT_BELOW_AVERAGE', 'NO_HISTORY'),
    ],
    attribution: {
      reference: 'EQUAL_TRANCHES',
      total: '1500.00',
      timing: '900.00',
      volume: '450.00',
      margin: '150.00',
    },
    history: [
      { day: '2026-01-02', price: '33.0000', prices: [{ part: 'Gas', price: '33.0000' }] },
      { day: '2026-01-20', price: '31.5000', prices: [{ part: 'Gas', price: '31.5000' }] },
      { day: '2026-02-16', price: '29.0000', prices: [{ part: 'Gas', price: '29.0000' }] },
      { day: '2026-03-31', price: '30.5000', prices: [{ part: 'Gas', price: '30.5000' }] },
    ],
    ...overrides,
  };
}

export function aRankingRow(overrides: Partial<RankingRow> = {}): RankingRow {
  return {
    customerId: 11,
    customerName: 'Bakkerij Jansen',
    years: 2,
    clickedVolume: '6000.000',
    averageClickPrice: '31.5000',
    againstAverage: '0.7500',
    againstReference: '-0.2500',
    ...overrides,
  };
}

export function aRanking(overrides: Partial<Ranking> = {}): Ranking {
  return {
    reference: 'EQUAL_TRANCHES',
    total: 2,
    page: 1,
    pageSize: 25,
    rows: [
      aRankingRow(),
      aRankingRow({
        customerId: 12,
        customerName: 'Jansen Logistiek',
        againstAverage: null,
        againstReference: null,
        averageClickPrice: null,
      }),
    ],
    ...overrides,
  };
}
