import { describe, expect, it } from 'vitest';
import { amsterdamInstant, periodDeadline, type MarginScenarioVersion } from '@klik/domain';
import type { BacktestContractRow, PartMonthRow } from './backtest.repository';
import {
  buildYear,
  fitToPositions,
  marginStepsOf,
  maturitiesOf,
  planYear,
  storedClickOf,
} from './backtest-year';

const contract: BacktestContractRow = {
  id: 7,
  contractId: 'KL-1',
  customerId: 3,
  commodity: 'Power',
  product: 'Stroom Peak/Off-peak NL',
  clickType: 'QUARTER',
  markUp: '2',
  transactionFee: '0.25',
  offPeakMarkUp: '1.5',
  offPeakTransactionFee: null,
  minClickPercentage: '5',
  maxClickPercentage: '100',
  maxClicksPerYear: null,
  deadlineRule: { YEAR: 1, QUARTER: 3, MONTH: 1 },
  contractScenarioId: null,
  customerScenarioId: null,
};

/** 10 MWh Peak and 5 MWh OffPeak in every month of 2027. */
const months: PartMonthRow[] = Array.from({ length: 12 }, (_, index) => [
  {
    contractRowId: 7,
    yearOfSupply: 2027,
    part: 'Peak' as const,
    month: index + 1,
    totalVolume: '10',
  },
  {
    contractRowId: 7,
    yearOfSupply: 2027,
    part: 'OffPeak' as const,
    month: index + 1,
    totalVolume: '5',
  },
]).flat();

const products = { Peak: 'NL_POWER_PEAK', OffPeak: 'NL_POWER_OFFPEAK' } as const;

describe('the positions of a click type', () => {
  it('clicks the year for none, ALL and YEAR, quarters and months otherwise', () => {
    expect(maturitiesOf(null)).toEqual(['Y']);
    expect(maturitiesOf('ALL')).toEqual(['Y']);
    expect(maturitiesOf('YEAR')).toEqual(['Y']);
    expect(maturitiesOf('QUARTER')).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(maturitiesOf('MONTH')).toHaveLength(12);
  });
});

describe('planYear', () => {
  it('sums each quarter’s months per part, with its last day by the deadline rule', () => {
    const plan = planYear(contract, 2027, months, products, '2026-11-23')!;
    expect(plan.positions.map((one) => one.maturity)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(plan.positions[0]!.parts).toEqual([
      { part: 'Peak', volume: '30' },
      { part: 'OffPeak', volume: '15' },
    ]);
    const q4 = periodDeadline(
      { maturity: 'Q4', yearOfSupply: 2027 },
      undefined,
      contract.deadlineRule,
    );
    expect(plan.positions[3]!.lastDay).toBe(q4.lastTradingDay);
    // Three years before delivery; the year can still be clicked, so the window ends today.
    expect(plan).toMatchObject({ from: '2024-01-01', to: '2026-11-23', open: true });
  });

  it('ends a year whose last deadline has passed on that deadline', () => {
    const plan = planYear(
      { ...contract, clickType: 'YEAR' },
      2026,
      months,
      products,
      '2026-11-23',
    )!;
    expect(plan.to).toBe(periodDeadline({ maturity: 'Y', yearOfSupply: 2026 }).lastTradingDay);
    expect(plan.open).toBe(false);
    expect(planYear(contract, 2027, [], products, '2026-11-23')).toBeNull();
  });
});

describe('buildYear', () => {
  it('starts the window on the first day with history, keeps prices inside it, or gives none', () => {
    const plan = planYear(
      { ...contract, clickType: 'YEAR' },
      2026,
      months,
      products,
      '2026-11-23',
    )!;
    const prices = new Map([
      [
        'NL_POWER_PEAK/2026/Y',
        [
          { day: '2022-06-01', price: '50' },
          { day: '2024-03-04', price: '60' },
          { day: '2025-03-04', price: '61' },
        ],
      ],
      ['NL_POWER_OFFPEAK/2026/Y', [{ day: '2024-05-06', price: '40' }]],
    ]);
    const year = buildYear(contract, 2026, plan, prices, { contract: null, customer: null }, null)!;
    expect(year.from).toBe('2024-03-04');
    expect(year.positions[0]!.prices.Peak).toEqual([
      { day: '2024-03-04', price: '60' },
      { day: '2025-03-04', price: '61' },
    ]);
    // OffPeak has its own mark-up; the fee is the contract's.
    expect(year.margins).toEqual([
      { from: '2024-03-04', part: 'Peak', markUp: '2', transactionFee: '0.25' },
      { from: '2024-03-04', part: 'OffPeak', markUp: '1.5', transactionFee: '0.25' },
    ]);
    expect(
      buildYear(contract, 2026, plan, new Map(), { contract: null, customer: null }, null),
    ).toBeNull();
  });
});

describe('marginStepsOf', () => {
  it('steps when a scenario version takes effect or its validity ends, as a quote of that day', () => {
    const line = (markUp: string) => ({
      commodity: 'Power' as const,
      part: 'Peak' as const,
      maturityType: 'QUARTER' as const,
      minVolume: null,
      markUp,
      transactionFee: '0.1',
    });
    const midnight = { hour: 0, minute: 0 };
    const versions: MarginScenarioVersion[] = [
      {
        scenarioId: 1,
        version: 1,
        effectiveAt: amsterdamInstant('2025-01-01', midnight),
        validFrom: amsterdamInstant('2025-01-01', midnight),
        validUntil: amsterdamInstant('2025-07-01', midnight),
        lines: [line('3')],
      },
      {
        scenarioId: 1,
        version: 2,
        // During a day: quotes of the next day are the first priced by it.
        effectiveAt: amsterdamInstant('2025-03-10', { hour: 14, minute: 30 }),
        validFrom: amsterdamInstant('2025-01-01', midnight),
        validUntil: amsterdamInstant('2025-07-01', midnight),
        lines: [line('4')],
      },
    ];
    const plan = planYear(contract, 2027, months, products, '2026-11-23')!;
    const steps = marginStepsOf(
      contract,
      plan,
      { contract: versions, customer: null },
      '2024-06-03',
      '2026-11-23',
    );
    expect(steps.filter((step) => step.part === 'Peak')).toEqual([
      { from: '2024-06-03', part: 'Peak', markUp: '2', transactionFee: '0.25' },
      { from: '2025-01-01', part: 'Peak', markUp: '3', transactionFee: '0.1' },
      { from: '2025-03-11', part: 'Peak', markUp: '4', transactionFee: '0.1' },
      { from: '2025-07-01', part: 'Peak', markUp: '2', transactionFee: '0.25' },
    ]);
    // The scenario has no OffPeak line: the contract's own throughout.
    expect(steps.filter((step) => step.part === 'OffPeak')).toEqual([
      { from: '2024-06-03', part: 'OffPeak', markUp: '1.5', transactionFee: '0.25' },
    ]);
  });
});

describe('storedClickOf', () => {
  const row = {
    clickId: 1,
    contractRowId: 7,
    yearOfSupply: 2027,
    maturity: 'Q1' as const,
    // 23:30 UTC is already the next day in Amsterdam.
    completedAt: new Date('2025-03-03T23:30:00Z'),
    part: 'OffPeak' as const,
    volume: '15.000',
    price: '51.75',
  };

  it('splits a quoted click’s price as its quote did', () => {
    const click = storedClickOf(contract, {
      ...row,
      quotePart: {
        name: 'OffPeak',
        volume: '15',
        openVolume: '15',
        totalVolume: '15',
        marketPrice: '49.5',
        markUp: '2',
        transactionFee: '0.25',
        clickPrice: '51.75',
        cost: '776.25',
        runoutApplied: false,
        limits: { min: '0.75', max: '15' },
      },
    });
    expect(click).toEqual({
      day: '2025-03-04',
      maturity: 'Q1',
      part: 'OffPeak',
      volume: '15',
      marketPrice: '49.5',
      margin: '2.25',
      price: '51.75',
      forced: false,
    });
  });

  it('takes the contract’s own margin (OffPeak’s) for a click without a quote', () => {
    const click = storedClickOf(contract, { ...row, quotePart: null });
    expect(click).toMatchObject({ marketPrice: '50', margin: '1.75', price: '51.75' });
  });
});

describe('fitToPositions', () => {
  const click = {
    day: '2025-03-04',
    maturity: 'Q2' as const,
    part: 'Peak' as const,
    volume: '30',
    marketPrice: '50',
    margin: '2.25',
    price: '52.25',
    forced: false,
  };

  it('counts a shorter period against the position that holds it', () => {
    const year = planYear({ ...contract, clickType: 'ALL' }, 2027, months, products, '2026-11-23')!;
    expect(fitToPositions([click], year.positions)).toEqual([{ ...click, maturity: 'Y' }]);
  });

  it('splits a longer period over the positions it covers by their volumes, to the kWh', () => {
    const quarters = planYear(contract, 2027, months, products, '2026-11-23')!;
    const fitted = fitToPositions([{ ...click, maturity: 'Y', volume: '100' }], quarters.positions);
    expect(fitted.map((one) => [one.maturity, one.volume])).toEqual([
      ['Q1', '25'],
      ['Q2', '25'],
      ['Q3', '25'],
      ['Q4', '25'],
    ]);
    const odd = fitToPositions([{ ...click, maturity: 'Y', volume: '0.01' }], quarters.positions);
    expect(odd.map((one) => [one.maturity, one.volume])).toEqual([
      ['Q1', '0.002'],
      ['Q2', '0.002'],
      ['Q3', '0.002'],
      ['Q4', '0.004'],
    ]);
    expect(fitToPositions([click], quarters.positions)).toEqual([click]);
  });
});
