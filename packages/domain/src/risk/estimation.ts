import { RISK_PRODUCTS, type RiskProduct } from './products';

/** Trading days in a year, to annualise a daily volatility. */
export const TRADING_DAYS_PER_YEAR = 252;

/** The last price of one trading day of one instrument (e.g. TTF_GAS Y 2027 OTC). */
export interface DailyClose {
  /** The Amsterdam day, YYYY-MM-DD. */
  day: string;
  price: number;
}

/** The daily closes of one instrument of a product, oldest first. */
export interface CloseSeries {
  product: RiskProduct;
  /** The instrument, e.g. "2027/Y/OTC": returns pair up across products by instrument and day. */
  instrument: string;
  closes: readonly DailyClose[];
}

export interface RiskFallback {
  /** Per year, e.g. 0.6 for 60%. */
  volatility: Readonly<Record<RiskProduct, number>>;
  /** Between power peak and off-peak. */
  peakOffPeak: number;
  /** Between power (peak or off-peak) and gas. */
  powerGas: number;
}

export interface EstimationSettings {
  /** The returns of at most this many last trading days of each instrument count. */
  windowDays: number;
  /** Fewer returns than this and the configured fallback is used. */
  minReturns: number;
  fallback: RiskFallback;
}

export interface EstimatedVolatility {
  product: RiskProduct;
  /** Per year. */
  annualVolatility: number;
  observations: number;
  fallback: boolean;
}

export interface EstimatedCorrelation {
  a: RiskProduct;
  b: RiskProduct;
  correlation: number;
  observations: number;
  fallback: boolean;
}

export interface RiskParameters {
  volatilities: EstimatedVolatility[];
  /** The three pairs: peak/off-peak, peak/gas, off-peak/gas. */
  correlations: EstimatedCorrelation[];
}

const PAIRS: readonly (readonly [RiskProduct, RiskProduct])[] = [
  ['NL_POWER_PEAK', 'NL_POWER_OFFPEAK'],
  ['NL_POWER_PEAK', 'TTF_GAS'],
  ['NL_POWER_OFFPEAK', 'TTF_GAS'],
];

/** Log returns between consecutive closes of the window, keyed by instrument and day. */
function returnsOf(series: CloseSeries, windowDays: number): Map<string, number> {
  const closes = series.closes.slice(-(windowDays + 1));
  const returns = new Map<string, number>();
  for (let i = 1; i < closes.length; i++) {
    const today = closes[i]!;
    returns.set(`${series.instrument}@${today.day}`, Math.log(today.price / closes[i - 1]!.price));
  }
  return returns;
}

function variance(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
}

function correlationOf(pairs: readonly (readonly [number, number])[]): number | null {
  const n = pairs.length;
  const meanX = pairs.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = pairs.reduce((sum, [, y]) => sum + y, 0) / n;
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (const [x, y] of pairs) {
    xy += (x - meanX) * (y - meanY);
    xx += (x - meanX) ** 2;
    yy += (y - meanY) ** 2;
  }
  return xx > 0 && yy > 0 ? Math.max(-1, Math.min(1, xy / Math.sqrt(xx * yy))) : null;
}

/**
 * Volatilities and correlations from daily closes. A product's daily log returns are pooled over
 * its instruments (each instrument's last `windowDays` returns); the volatility is their sample
 * standard deviation times √252. A correlation pairs the returns of two products' same instrument
 * on the same day (Pearson). With fewer than `minReturns` returns (or no variation) the configured
 * fallback stands, and says so.
 */
export function estimateRiskParameters(
  series: readonly CloseSeries[],
  settings: EstimationSettings,
): RiskParameters {
  const returns = new Map<RiskProduct, Map<string, number>>(
    RISK_PRODUCTS.map((product) => [product, new Map()]),
  );
  for (const one of series) {
    for (const [key, value] of returnsOf(one, settings.windowDays)) {
      returns.get(one.product)!.set(key, value);
    }
  }
  const volatilities = RISK_PRODUCTS.map((product): EstimatedVolatility => {
    const values = [...returns.get(product)!.values()];
    const estimated = values.length >= Math.max(2, settings.minReturns);
    const daily = estimated ? Math.sqrt(variance(values)) : 0;
    return estimated && daily > 0
      ? {
          product,
          annualVolatility: daily * Math.sqrt(TRADING_DAYS_PER_YEAR),
          observations: values.length,
          fallback: false,
        }
      : {
          product,
          annualVolatility: settings.fallback.volatility[product],
          observations: values.length,
          fallback: true,
        };
  });
  const correlations = PAIRS.map(([a, b]): EstimatedCorrelation => {
    const ofB = returns.get(b)!;
    const pairs: [number, number][] = [];
    for (const [key, x] of returns.get(a)!) {
      const y = ofB.get(key);
      if (y !== undefined) pairs.push([x, y]);
    }
    const estimated =
      pairs.length >= Math.max(2, settings.minReturns) ? correlationOf(pairs) : null;
    const fallback = b === 'TTF_GAS' ? settings.fallback.powerGas : settings.fallback.peakOffPeak;
    return estimated === null
      ? { a, b, correlation: fallback, observations: pairs.length, fallback: true }
      : { a, b, correlation: estimated, observations: pairs.length, fallback: false };
  });
  return { volatilities, correlations };
}

/** The 3x3 correlation matrix in the order of RISK_PRODUCTS. */
export function correlationMatrix(correlations: readonly EstimatedCorrelation[]): number[][] {
  return RISK_PRODUCTS.map((a) =>
    RISK_PRODUCTS.map((b) => {
      if (a === b) return 1;
      const pair = correlations.find(
        (one) => (one.a === a && one.b === b) || (one.a === b && one.b === a),
      );
      return pair?.correlation ?? 0;
    }),
  );
}
