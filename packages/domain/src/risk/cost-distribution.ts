import type { ContractPartName } from '../contract';
import { Dec, fromDec, toDec, type DecimalString } from '../decimal';
import { AVERAGE_PRICE_DECIMALS, clickCost, MONEY_DECIMALS } from '../pricing';
import { correlationFactor } from './cholesky';
import { RISK_PRODUCTS, type RiskProduct } from './products';
import { xoshiro128, standardNormals } from './random';
import { monthsOfHorizon, STRESS_SCENARIOS, stressMove, type StressScenario } from './stress';

/** Percent figures (probabilities) are given to 2 decimals. */
export const PERCENT_DECIMALS = 2;

/** The quantiles of the fan chart, in percent. */
export const RISK_QUANTILES = [5, 10, 25, 50, 75, 90, 95] as const;

/** One contract part's open volume in a year, priced today. */
export interface RiskOpenLine {
  contractId: string;
  name: ContractPartName;
  product: RiskProduct;
  /** MWh, above 0. */
  openVolume: DecimalString;
  /** EUR/MWh: today's market price of the part's product. */
  marketPrice: DecimalString;
  /** EUR/MWh: today's click price (market + mark-up + fees); the difference is kept as margin. */
  clickPrice: DecimalString;
  /** Years from now to the horizon (the last click deadline of the open volume), at least 0. */
  horizonYears: number;
}

/** One year (or the book): what is fixed, and the open volume. */
export interface RiskYearInput {
  /** EUR: the clicked volume at its click prices. */
  fixedCost: DecimalString;
  /** MWh: all volume, fixed and open. */
  totalVolume: DecimalString;
  lines: readonly RiskOpenLine[];
  /** EUR/MWh: the volume-weighted upper band of the budgets; null without. */
  upperBand: DecimalString | null;
}

export interface SimulationSettings {
  paths: number;
  seed: number;
  /** Per year, e.g. 0.6. */
  volatility: Readonly<Record<RiskProduct, number>>;
  /** 3x3 in the order of RISK_PRODUCTS. */
  correlation: readonly (readonly number[])[];
}

export interface StressFigure {
  scenario: StressScenario;
  /** EUR, 2 decimals. */
  totalCost: DecimalString;
  /** EUR/MWh, 4 decimals; null without volume. */
  averagePrice: DecimalString | null;
}

/** The figures of a cost distribution (the API's CostDistribution). */
export interface CostFigures {
  expectedCost: DecimalString;
  mean: DecimalString;
  p5: DecimalString;
  p50: DecimalString;
  p95: DecimalString;
  costAtRisk: DecimalString;
  averagePriceP95: DecimalString | null;
  probabilityAboveBand: DecimalString | null;
  upperBand: DecimalString | null;
  quantiles: { quantile: number; cost: DecimalString }[];
  stress: StressFigure[];
}

/** Today's cost of the open lines: each at today's click price, the click's cost rule. */
function openValueToday(lines: readonly RiskOpenLine[], moveOf: (line: RiskOpenLine) => Dec): Dec {
  return toDec(
    clickCost(
      lines.map((line) => ({
        name: line.name,
        volume: line.openVolume,
        marketPrice: line.clickPrice,
        markUp: fromDec(toDec(line.marketPrice).times(moveOf(line))),
        transactionFees: '0',
      })),
    ).totalCost,
  );
}

/**
 * The final cost of a year with the open volume fixed at shocked market prices: fixed cost +
 * per line open volume x (today's click price + today's market price x the move), each line
 * rounded to cents. With every move 0 it is the expected cost.
 */
export function stressedCost(year: RiskYearInput, moveOf: (line: RiskOpenLine) => number): Dec {
  return toDec(year.fixedCost).plus(openValueToday(year.lines, (line) => new Dec(moveOf(line))));
}

/**
 * The expected cost: fixed cost + the open volume at today's click price (the dashboard
 * summary's expected total cost, the same cost rule), EUR to 2 decimals.
 */
export function expectedCost(year: RiskYearInput): Dec {
  return stressedCost(year, () => 0);
}

/** The p-quantile (0..1) of sorted values, linearly interpolated (Hyndman-Fan type 7). */
export function quantileOfSorted(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (h - below) * (sorted[above]! - sorted[below]!);
}

const money = (value: Dec) => value.toDecimalPlaces(MONEY_DECIMALS, Dec.ROUND_HALF_UP);
const moneyString = (value: Dec) => value.toFixed(MONEY_DECIMALS);

function averagePriceOf(cost: Dec, volume: Dec): DecimalString | null {
  return volume.gt(0)
    ? fromDec(cost.div(volume).toDecimalPlaces(AVERAGE_PRICE_DECIMALS, Dec.ROUND_HALF_UP))
    : null;
}

/**
 * The figures of one year (or book) from its simulated open costs (EUR per path, floats): the
 * fixed cost is added exactly, every figure rounded half-up (money 2 decimals, prices 4, percent 2).
 */
export function costFigures(year: RiskYearInput, openCosts: Float64Array): CostFigures {
  const fixed = toDec(year.fixedCost);
  const volume = toDec(year.totalVolume);
  const sorted = Float64Array.from(openCosts).sort();
  const at = (p: number) =>
    money(fixed.plus(new Dec(sorted.length === 0 ? 0 : quantileOfSorted(sorted, p))));
  const expected = expectedCost(year);
  const mean =
    sorted.length === 0 ? 0 : sorted.reduce((sum, cost) => sum + cost, 0) / sorted.length;
  const p95 = at(0.95);
  return {
    expectedCost: moneyString(expected),
    mean: moneyString(money(fixed.plus(new Dec(mean)))),
    p5: moneyString(at(0.05)),
    p50: moneyString(at(0.5)),
    p95: moneyString(p95),
    costAtRisk: moneyString(Dec.max(0, p95.minus(expected))),
    averagePriceP95: averagePriceOf(p95, volume),
    probabilityAboveBand: probabilityAboveBand(year, openCosts),
    upperBand: year.upperBand,
    quantiles: RISK_QUANTILES.map((quantile) => ({
      quantile,
      cost: moneyString(at(quantile / 100)),
    })),
    stress: STRESS_SCENARIOS.map((scenario) => {
      const cost = stressedCost(year, (line) =>
        stressMove(scenario, line.product, monthsOfHorizon(line.horizonYears)),
      );
      return {
        scenario,
        totalCost: moneyString(cost),
        averagePrice: averagePriceOf(cost, volume),
      };
    }),
  };
}

/**
 * Percent (2 decimals) of the paths whose final average price ends above the upper band; null
 * without a band or volume.
 */
function probabilityAboveBand(year: RiskYearInput, openCosts: Float64Array): DecimalString | null {
  const volume = toDec(year.totalVolume);
  if (year.upperBand === null || volume.lte(0)) return null;
  // Above the band: (fixed + open) / volume > band, i.e. open > band x volume - fixed.
  const threshold = toDec(year.upperBand).times(volume).minus(toDec(year.fixedCost)).toNumber();
  let above = 0;
  for (const cost of openCosts) if (cost > threshold) above += 1;
  return fromDec(
    new Dec(above)
      .times(100)
      .div(Math.max(1, openCosts.length))
      .toDecimalPlaces(PERCENT_DECIMALS, Dec.ROUND_HALF_UP),
  );
}

interface Factor {
  product: number;
  /** σ√T and -σ²T/2. */
  scale: number;
  drift: number;
  /** Σ volume x today's market price of the lines sharing this product and horizon. */
  weight: number;
}

interface CompiledYear {
  factors: Factor[];
  /** Σ volume x margin (click price - market price): the part of the cost that does not move. */
  constant: number;
}

function compile(year: RiskYearInput, settings: SimulationSettings): CompiledYear {
  const factors = new Map<string, Factor>();
  let constant = 0;
  for (const line of year.lines) {
    const volume = Number(line.openVolume);
    const market = Number(line.marketPrice);
    constant += volume * (Number(line.clickPrice) - market);
    const product = RISK_PRODUCTS.indexOf(line.product);
    const key = `${product}/${line.horizonYears}`;
    const sigma = settings.volatility[line.product];
    const factor = factors.get(key) ?? {
      product,
      scale: sigma * Math.sqrt(line.horizonYears),
      drift: (-sigma * sigma * line.horizonYears) / 2,
      weight: 0,
    };
    factor.weight += volume * market;
    factors.set(key, factor);
  }
  return { factors: [...factors.values()], constant };
}

/**
 * The standard normals of every path, one per product, correlated through the Cholesky factor of
 * the correlation matrix: per product an array over the paths. They depend on the paths, the seed
 * and the correlation only, so one set serves every customer simulated with those settings.
 */
export function correlatedNormals(
  settings: Pick<SimulationSettings, 'paths' | 'seed' | 'correlation'>,
): Float64Array[] {
  const factor = correlationFactor(settings.correlation);
  const normal = standardNormals(xoshiro128(settings.seed));
  const n = RISK_PRODUCTS.length;
  const z = RISK_PRODUCTS.map(() => new Float64Array(settings.paths));
  const draws = new Float64Array(n);
  for (let path = 0; path < settings.paths; path++) {
    for (let i = 0; i < n; i++) draws[i] = normal();
    for (let i = 0; i < n; i++) {
      let sum = 0;
      const row = factor[i]!;
      for (let k = 0; k <= i; k++) sum += row[k]! * draws[k]!;
      z[i]![path] = sum;
    }
  }
  return z;
}

/**
 * Simulates the open cost of every year on the same paths (docs/risk.md). Per path one standard
 * normal per product (correlatedNormals) is shared by every year and contract (perfectly
 * correlated across years: conservative); a line's market price at its horizon is log-normal,
 * F_T = F_0 · exp(σ√T·Z − σ²T/2), so its expectation is today's price; its cost is open volume x
 * (F_T + margin). Returns the open cost per path (EUR, floats) per year, in the order given; the
 * seed fixes every number.
 */
export function simulateOpenCosts(
  years: readonly RiskYearInput[],
  settings: SimulationSettings,
  normals: readonly Float64Array[] = correlatedNormals(settings),
): Float64Array[] {
  return years.map((year) => {
    const { factors, constant } = compile(year, settings);
    const costs = new Float64Array(settings.paths).fill(constant);
    for (const one of factors) {
      const z = normals[one.product]!;
      for (let path = 0; path < settings.paths; path++) {
        costs[path]! += one.weight * Math.exp(one.scale * z[path]! + one.drift);
      }
    }
    return costs;
  });
}

/** The book: every year together, path by path. */
export function bookOf(
  years: readonly RiskYearInput[],
  costs: readonly Float64Array[],
): {
  input: RiskYearInput;
  costs: Float64Array;
} {
  const paths = costs[0]?.length ?? 0;
  const total = new Float64Array(paths);
  for (const one of costs) for (let path = 0; path < paths; path++) total[path]! += one[path]!;
  const volume = years.reduce((sum, year) => sum.plus(toDec(year.totalVolume)), new Dec(0));
  const banded = years.every((year) => year.upperBand !== null) && volume.gt(0);
  return {
    input: {
      fixedCost: fromDec(years.reduce((sum, year) => sum.plus(toDec(year.fixedCost)), new Dec(0))),
      totalVolume: fromDec(volume),
      lines: years.flatMap((year) => year.lines),
      upperBand:
        banded && years.length > 0
          ? fromDec(
              years
                .reduce(
                  (sum, year) => sum.plus(toDec(year.totalVolume).times(toDec(year.upperBand!))),
                  new Dec(0),
                )
                .div(volume)
                .toDecimalPlaces(AVERAGE_PRICE_DECIMALS, Dec.ROUND_HALF_UP),
            )
          : null,
    },
    costs: total,
  };
}

/**
 * The year with a click's volume fixed at today's click price: per clicked part, the volume
 * leaves the open line of that contract and part (never below 0) and its cost, at today's click
 * price rounded to cents, joins the fixed cost. The horizon of what stays open is unchanged.
 */
export function withClick(
  year: RiskYearInput,
  contractId: string,
  parts: readonly { name: ContractPartName; volume: DecimalString }[],
): RiskYearInput {
  let fixed = toDec(year.fixedCost);
  const lines = year.lines.flatMap((line) => {
    const part = parts.find((one) => one.name === line.name);
    if (line.contractId !== contractId || part === undefined) return [line];
    const open = toDec(line.openVolume);
    const clicked = Dec.min(open, toDec(part.volume));
    fixed = fixed.plus(money(clicked.times(toDec(line.clickPrice))));
    const left = open.minus(clicked);
    return left.gt(0) ? [{ ...line, openVolume: fromDec(left) }] : [];
  });
  return { ...year, fixedCost: fromDec(fixed), lines };
}

export interface RiskFigures {
  /** Per year, in the order given. */
  years: CostFigures[];
  /** Every year together; null without years. */
  book: CostFigures | null;
}

/**
 * The cost distributions of a customer's years and of its book, simulated on one set of paths.
 * A year's figures do not depend on which other years are simulated beside it: every path draws
 * the same normals whatever the years.
 */
export function riskFigures(
  years: readonly RiskYearInput[],
  settings: SimulationSettings,
  normals?: readonly Float64Array[],
): RiskFigures {
  const costs = simulateOpenCosts(years, settings, normals);
  const book = years.length === 0 ? null : bookOf(years, costs);
  return {
    years: years.map((year, index) => costFigures(year, costs[index]!)),
    book: book && costFigures(book.input, book.costs),
  };
}

/** What a ranking of customers needs of their figures (the TPI overview). */
export interface RankingFigures {
  /** EUR, the book's cost-at-risk; null without years. */
  bookCostAtRisk: DecimalString | null;
  /** Percent, the highest probability above the band over the years with a band; null without. */
  worstProbabilityAboveBand: DecimalString | null;
}

/**
 * The ranking's figures, the same as riskFigures gives them on the same inputs and settings, at a
 * fraction of the work: the book's paths are sorted once, the years' paths only counted.
 */
export function rankingFigures(
  years: readonly RiskYearInput[],
  settings: SimulationSettings,
  normals?: readonly Float64Array[],
): RankingFigures {
  if (years.length === 0) return { bookCostAtRisk: null, worstProbabilityAboveBand: null };
  const costs = simulateOpenCosts(years, settings, normals);
  const book = bookOf(years, costs);
  const sorted = Float64Array.from(book.costs).sort();
  const p95 = money(toDec(book.input.fixedCost).plus(new Dec(quantileOfSorted(sorted, 0.95))));
  let worst: Dec | null = null;
  years.forEach((year, index) => {
    const probability = probabilityAboveBand(year, costs[index]!);
    if (probability !== null && (worst === null || toDec(probability).gt(worst))) {
      worst = toDec(probability);
    }
  });
  return {
    bookCostAtRisk: moneyString(Dec.max(0, p95.minus(expectedCost(book.input)))),
    worstProbabilityAboveBand: worst === null ? null : fromDec(worst),
  };
}
