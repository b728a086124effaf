import { describe, expect, it } from 'vitest';
import {
  bookOf,
  correlatedNormals,
  costFigures,
  expectedCost,
  quantileOfSorted,
  rankingFigures,
  riskFigures,
  simulateOpenCosts,
  stressedCost,
  withClick,
  type RiskOpenLine,
  type RiskYearInput,
  type SimulationSettings,
} from './cost-distribution';
import { CRISIS_2021_22 } from './crisis-2021-22';

const IDENTITY = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
const settings = (paths: number, seed = 1): SimulationSettings => ({
  paths,
  seed,
  volatility: { NL_POWER_PEAK: 0.6, NL_POWER_OFFPEAK: 0.5, TTF_GAS: 0.7 },
  correlation: IDENTITY,
});

const gasLine = (overrides: Partial<RiskOpenLine> = {}): RiskOpenLine => ({
  contractId: 'G-1',
  name: 'Gas',
  product: 'TTF_GAS',
  openVolume: '1000',
  marketPrice: '40',
  clickPrice: '42.5',
  horizonYears: 1,
  ...overrides,
});

const year = (overrides: Partial<RiskYearInput> = {}): RiskYearInput => ({
  fixedCost: '50000',
  totalVolume: '2000',
  lines: [gasLine()],
  upperBand: null,
  ...overrides,
});

// Φ⁻¹(0.95), to 7 digits.
const Z95 = 1.6448536;

describe('the Monte Carlo against the closed form (one maturity, no correlation)', () => {
  // Open volume 1 MWh, no margin, nothing fixed: the cost is the log-normal price itself.
  const sigma = 0.7;
  const T = 1.5;
  const F0 = 40;
  const single = year({
    fixedCost: '0',
    totalVolume: '1',
    lines: [gasLine({ openVolume: '1', marketPrice: '40', clickPrice: '40', horizonYears: T })],
  });
  const lognormalQuantile = (z: number) =>
    F0 * Math.exp(sigma * Math.sqrt(T) * z - (sigma * sigma * T) / 2);
  const figures = riskFigures([single], settings(100_000)).years[0]!;

  it('matches the log-normal P50 and P95 within 1%', () => {
    expect(Number(figures.p50) / lognormalQuantile(0)).toBeCloseTo(1, 1);
    expect(Math.abs(Number(figures.p50) / lognormalQuantile(0) - 1)).toBeLessThan(0.01);
    expect(Math.abs(Number(figures.p95) / lognormalQuantile(Z95) - 1)).toBeLessThan(0.01);
    expect(Math.abs(Number(figures.p5) / lognormalQuantile(-Z95) - 1)).toBeLessThan(0.01);
  });

  it('is a martingale: the mean is today’s price within 1%', () => {
    expect(Math.abs(Number(figures.mean) / F0 - 1)).toBeLessThan(0.01);
    expect(figures.expectedCost).toBe('40.00');
  });

  it('gives correlated products the correlation asked for', () => {
    const rho = 0.6;
    const correlated: SimulationSettings = {
      ...settings(20_000),
      correlation: [
        [1, 0.9, rho],
        [0.9, 1, rho],
        [rho, rho, 1],
      ],
    };
    const line = (product: RiskOpenLine['product']) =>
      year({
        lines: [gasLine({ product, marketPrice: '1', clickPrice: '1', openVolume: '1' })],
      });
    const [peak, gas] = simulateOpenCosts([line('NL_POWER_PEAK'), line('TTF_GAS')], correlated);
    const logs = (costs: Float64Array) => Array.from(costs, (cost) => Math.log(cost));
    const x = logs(peak!);
    const y = logs(gas!);
    const mean = (v: number[]) => v.reduce((s, a) => s + a, 0) / v.length;
    const [mx, my] = [mean(x), mean(y)];
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    x.forEach((xi, i) => {
      sxy += (xi - mx) * (y[i]! - my);
      sxx += (xi - mx) ** 2;
      syy += (y[i]! - my) ** 2;
    });
    expect(sxy / Math.sqrt(sxx * syy)).toBeCloseTo(rho, 1);
  });
});

describe('the figures', () => {
  it('of a fully clicked year: no cost-at-risk, every quantile the fixed cost', () => {
    const fixed = year({ fixedCost: '81234.56', totalVolume: '2000', lines: [], upperBand: '40' });
    const figures = riskFigures([fixed], settings(1000)).years[0]!;
    expect(figures.costAtRisk).toBe('0.00');
    expect(figures.p5).toBe('81234.56');
    expect(figures.p95).toBe('81234.56');
    expect(figures.mean).toBe('81234.56');
    expect(figures.expectedCost).toBe('81234.56');
    expect(figures.quantiles.map((q) => q.cost)).toEqual(Array(7).fill('81234.56'));
    expect(figures.averagePriceP95).toBe('40.6173');
    expect(figures.probabilityAboveBand).toBe('100');
    expect(figures.stress.every((one) => one.totalCost === '81234.56')).toBe(true);
  });

  it('are the same for the same seed and differ for another', () => {
    const a = riskFigures([year()], settings(2000, 5));
    expect(riskFigures([year()], settings(2000, 5))).toEqual(a);
    expect(riskFigures([year()], settings(2000, 6)).years[0]!.p95).not.toBe(a.years[0]!.p95);
  });

  it('are the same from normals drawn once for many customers', () => {
    const normals = correlatedNormals(settings(2000));
    expect(riskFigures([year()], settings(2000), normals)).toEqual(
      riskFigures([year()], settings(2000)),
    );
  });

  it('of a year do not depend on the years simulated beside it', () => {
    const alone = riskFigures([year()], settings(2000)).years[0];
    const other = year({ lines: [gasLine({ product: 'NL_POWER_PEAK', name: 'Peak' })] });
    expect(riskFigures([other, year()], settings(2000)).years[1]).toEqual(alone);
  });

  it('report money to cents, prices to 4 decimals and the fan at seven quantiles', () => {
    const figures = riskFigures([year({ upperBand: '46' })], settings(5000)).years[0]!;
    for (const money of [figures.mean, figures.p5, figures.p50, figures.p95, figures.costAtRisk]) {
      expect(money).toMatch(/^\d+\.\d{2}$/);
    }
    expect(figures.averagePriceP95).toMatch(/^\d+(\.\d{1,4})?$/);
    expect(figures.quantiles.map((q) => q.quantile)).toEqual([5, 10, 25, 50, 75, 90, 95]);
    expect(Number(figures.costAtRisk)).toBeCloseTo(
      Number(figures.p95) - Number(figures.expectedCost),
      2,
    );
    // Expected: 50000 + 1000 x 42.5 = 92500.
    expect(figures.expectedCost).toBe('92500.00');
    // Above 46 EUR/MWh on 2000 MWh: the open price above (92000 - 50000) / 1000 = 42, i.e. the
    // market above 39.5: P(Z > (ln(39.5 / 40) + 0.7² / 2) / 0.7) = P(Z > 0.332) = 37.0%.
    const share = Number(figures.probabilityAboveBand);
    expect(share).toBeGreaterThan(35);
    expect(share).toBeLessThan(39);
    expect(figures.upperBand).toBe('46');
  });

  it('without volume give no average price and no probability', () => {
    const empty = year({ fixedCost: '0', totalVolume: '0', lines: [], upperBand: '40' });
    const figures = costFigures(empty, new Float64Array(0));
    expect(figures.averagePriceP95).toBeNull();
    expect(figures.probabilityAboveBand).toBeNull();
    expect(figures.mean).toBe('0.00');
    expect(figures.p95).toBe('0.00');
  });
});

describe('stress scenarios', () => {
  it('with no move are the expected cost', () => {
    const input = year({ lines: [gasLine(), gasLine({ name: 'Gas', contractId: 'G-2' })] });
    expect(stressedCost(input, () => 0).toFixed(2)).toBe(expectedCost(input).toFixed(2));
    expect(expectedCost(input).toFixed(2)).toBe('135000.00');
  });

  it('move the market price, the margin stays', () => {
    const figures = riskFigures([year()], settings(10)).years[0]!;
    const byName = Object.fromEntries(figures.stress.map((one) => [one.scenario, one]));
    // 50000 + 1000 x (42.5 + 40 x move).
    expect(byName.PLUS_50).toEqual({
      scenario: 'PLUS_50',
      totalCost: '112500.00',
      averagePrice: '56.25',
    });
    expect(byName.PLUS_100!.totalCost).toBe('132500.00');
    expect(byName.MINUS_30!.totalCost).toBe('80500.00');
    // 12 months of the 2021-22 gas path: May 2021 -> May 2022.
    const move = CRISIS_2021_22[12]!.ttf / CRISIS_2021_22[0]!.ttf - 1;
    expect(Number(byName.CRISIS_2021_22!.totalCost)).toBeCloseTo(92500 + 40_000 * move, 1);
  });
});

describe('a click', () => {
  it('moves its volume from open to fixed at today’s click price', () => {
    const before = year({
      lines: [
        gasLine(),
        gasLine({ contractId: 'G-2' }),
        gasLine({ name: 'Peak', product: 'NL_POWER_PEAK' }),
      ],
    });
    const after = withClick(before, 'G-1', [{ name: 'Gas', volume: '400' }]);
    expect(after.fixedCost).toBe('67000');
    expect(after.lines.map((line) => [line.contractId, line.name, line.openVolume])).toEqual([
      ['G-1', 'Gas', '600'],
      ['G-2', 'Gas', '1000'],
      ['G-1', 'Peak', '1000'],
    ]);
    const all = withClick(before, 'G-1', [{ name: 'Gas', volume: '5000' }]);
    expect(all.lines).toHaveLength(2);
    expect(all.fixedCost).toBe('92500');
  });
});

describe('the book', () => {
  it('sums the years path by path, with the volume-weighted band when every year has one', () => {
    const a = year({ totalVolume: '1000', upperBand: '40' });
    const b = year({ totalVolume: '3000', upperBand: '60' });
    const costs = [Float64Array.of(1, 2), Float64Array.of(10, 20)];
    const book = bookOf([a, b], costs);
    expect(Array.from(book.costs)).toEqual([11, 22]);
    expect(book.input.upperBand).toBe('55');
    expect(book.input.fixedCost).toBe('100000');
    expect(book.input.lines).toHaveLength(2);
    expect(bookOf([a, year()], costs).input.upperBand).toBeNull();
    expect(bookOf([], []).input.upperBand).toBeNull();
    expect(riskFigures([], settings(10)).book).toBeNull();
  });
});

describe('quantileOfSorted', () => {
  it('interpolates linearly', () => {
    const sorted = Float64Array.of(0, 10, 20, 30, 40);
    expect(quantileOfSorted(sorted, 0)).toBe(0);
    expect(quantileOfSorted(sorted, 0.5)).toBe(20);
    expect(quantileOfSorted(sorted, 0.95)).toBe(38);
    expect(quantileOfSorted(sorted, 1)).toBe(40);
  });
});

describe('rankingFigures', () => {
  it('are the full figures’ book cost-at-risk and worst probability above the band', () => {
    const years = [
      year({ upperBand: '44' }),
      year({ upperBand: '50', lines: [gasLine({ product: 'NL_POWER_PEAK', name: 'Peak' })] }),
      year(),
    ];
    const full = riskFigures(years, settings(3000));
    const ranking = rankingFigures(years, settings(3000));
    const probabilities = full.years.map((one) => Number(one.probabilityAboveBand ?? -1));
    expect(ranking).toEqual({
      bookCostAtRisk: full.book!.costAtRisk,
      worstProbabilityAboveBand: String(Math.max(...probabilities)),
    });
    expect(rankingFigures([year()], settings(10)).worstProbabilityAboveBand).toBeNull();
    expect(rankingFigures([], settings(10))).toEqual({
      bookCostAtRisk: null,
      worstProbabilityAboveBand: null,
    });
  });
});
