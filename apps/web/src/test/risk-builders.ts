import type { ClickEffect, CostDistribution, CustomerRisk, RiskYear } from '@klik/api';

/** A year's cost distribution as the risk calls answer it (docs/risk.md). */
export function aDistribution(overrides: Partial<CostDistribution> = {}): CostDistribution {
  return {
    expectedCost: '120000.00',
    mean: '121500.50',
    p5: '104000.00',
    p50: '119800.00',
    p95: '151250.75',
    costAtRisk: '31250.75',
    averagePriceP95: '50.4169',
    probabilityAboveBand: '12.35',
    upperBand: '45',
    quantiles: [
      { quantile: 5, cost: '104000.00' },
      { quantile: 10, cost: '108000.00' },
      { quantile: 25, cost: '113000.00' },
      { quantile: 50, cost: '119800.00' },
      { quantile: 75, cost: '128000.00' },
      { quantile: 90, cost: '142000.00' },
      { quantile: 95, cost: '151250.75' },
    ],
    stress: [
      { scenario: 'PLUS_50', totalCost: '150000.00', averagePrice: '50' },
      { scenario: 'PLUS_100', totalCost: '180000.00', averagePrice: '60' },
      { scenario: 'MINUS_30', totalCost: '102000.00', averagePrice: '34' },
      { scenario: 'CRISIS_2021_22', totalCost: '310000.00', averagePrice: '103.3333' },
    ],
    ...overrides,
  };
}

export function aRiskYear(overrides: Partial<RiskYear> = {}): RiskYear {
  return {
    commodity: 'Gas',
    yearOfSupply: 2027,
    contractIds: ['KL-270001'],
    totalVolume: '3000',
    openVolume: '1500',
    fixedCost: '45000.00',
    distribution: aDistribution(),
    horizonDays: 398,
    markToMarket: [
      {
        contractId: 'KL-270001',
        yearOfSupply: 2027,
        part: 'Gas',
        clickedVolume: '1500',
        averageClickPrice: '30',
        todayClickPrice: '50',
        result: '30000.00',
        resultPerMwh: '20',
        openVolume: '1500',
        openValue: '75000.00',
      },
    ],
    ...overrides,
  };
}

export function aCustomerRisk(overrides: Partial<CustomerRisk> = {}): CustomerRisk {
  return {
    customerId: 11,
    asOf: '2026-11-23T10:15:00.000Z',
    years: [aRiskYear()],
    book: aDistribution({ probabilityAboveBand: null, upperBand: null }),
    method: {
      paths: 10000,
      seed: 29,
      windowDays: 250,
      volatilities: [
        { product: 'TTF', annualVolatility: '55.25', observations: 249, fallback: false },
        { product: 'NL Peak', annualVolatility: '60', observations: 12, fallback: true },
      ],
      correlations: [{ a: 'TTF', b: 'NL Peak', correlation: '0.7512', fallback: false }],
    },
    ...overrides,
  };
}

export function aClickEffect(overrides: Partial<ClickEffect> = {}): ClickEffect {
  return {
    commodity: 'Gas',
    yearOfSupply: 2027,
    before: aDistribution(),
    after: aDistribution({ p95: '140100.00', costAtRisk: '20100.00' }),
    ...overrides,
  };
}
