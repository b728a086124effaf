import { describe, expect, it } from 'vitest';
import {
  correlationMatrix,
  estimateRiskParameters,
  type CloseSeries,
  type EstimationSettings,
} from './estimation';
import { xoshiro128, standardNormals } from './random';

const SETTINGS: EstimationSettings = {
  windowDays: 120,
  minReturns: 20,
  fallback: {
    volatility: { NL_POWER_PEAK: 0.6, NL_POWER_OFFPEAK: 0.6, TTF_GAS: 0.7 },
    peakOffPeak: 0.9,
    powerGas: 0.6,
  },
};

const day = (n: number) =>
  new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** A path of closes with daily log returns of the given standard deviation. */
function walk(
  product: CloseSeries['product'],
  days: number,
  dailySigma: number,
  shocks: () => number,
): CloseSeries {
  let price = 50;
  const closes = [{ day: day(0), price }];
  for (let n = 1; n <= days; n++) {
    price *= Math.exp(dailySigma * shocks());
    closes.push({ day: day(n), price });
  }
  return { product, instrument: '2027/Y/OTC', closes };
}

describe('estimateRiskParameters', () => {
  it('annualises the daily volatility by √252 over the window', () => {
    const normal = standardNormals(xoshiro128(3));
    const gas = walk('TTF_GAS', 400, 0.04, normal);
    const result = estimateRiskParameters([gas], SETTINGS);
    const ttf = result.volatilities.find((one) => one.product === 'TTF_GAS')!;
    expect(ttf.observations).toBe(120);
    expect(ttf.fallback).toBe(false);
    expect(ttf.annualVolatility).toBeGreaterThan(0.04 * Math.sqrt(252) * 0.85);
    expect(ttf.annualVolatility).toBeLessThan(0.04 * Math.sqrt(252) * 1.15);
    const peak = result.volatilities.find((one) => one.product === 'NL_POWER_PEAK')!;
    expect(peak).toEqual({
      product: 'NL_POWER_PEAK',
      annualVolatility: 0.6,
      observations: 0,
      fallback: true,
    });
  });

  it('estimates correlations from returns of the same instrument and day', () => {
    const normal = standardNormals(xoshiro128(11));
    const common = Array.from({ length: 200 }, normal);
    let i = 0;
    const peak = walk('NL_POWER_PEAK', 199, 0.02, () => common[i++ % 200]!);
    i = 0;
    const offPeak = walk('NL_POWER_OFFPEAK', 199, 0.01, () => common[i++ % 200]!);
    const gas = walk('TTF_GAS', 199, 0.03, normal);
    const result = estimateRiskParameters([peak, offPeak, gas], SETTINGS);
    const [peakOff, peakGas] = result.correlations;
    expect(peakOff).toMatchObject({ a: 'NL_POWER_PEAK', b: 'NL_POWER_OFFPEAK', fallback: false });
    expect(peakOff!.correlation).toBeCloseTo(1, 6);
    expect(peakGas!.fallback).toBe(false);
    expect(Math.abs(peakGas!.correlation)).toBeLessThan(0.3);
  });

  it('falls back with too few returns or no movement', () => {
    const flat: CloseSeries = {
      product: 'TTF_GAS',
      instrument: '2027/Y/OTC',
      closes: Array.from({ length: 60 }, (_, n) => ({ day: day(n), price: 30 })),
    };
    const short = walk('NL_POWER_PEAK', 5, 0.02, standardNormals(xoshiro128(1)));
    const offFlat = { ...flat, product: 'NL_POWER_OFFPEAK' as const, instrument: '2028/Y/OTC' };
    const result = estimateRiskParameters([flat, short, offFlat], SETTINGS);
    expect(result.volatilities.map((one) => [one.fallback, one.observations])).toEqual([
      [true, 5],
      [true, 59],
      [true, 59],
    ]);
    expect(result.correlations.map((one) => [one.correlation, one.fallback])).toEqual([
      [0.9, true],
      [0.6, true],
      [0.6, true],
    ]);
    const sameInstrument = { ...offFlat, instrument: flat.instrument };
    const few = estimateRiskParameters([flat, short, sameInstrument], {
      ...SETTINGS,
      minReturns: 2,
    });
    expect(few.correlations.map((one) => [one.observations, one.fallback])).toEqual([
      [5, true],
      [5, true],
      [59, true],
    ]);
  });
});

describe('correlationMatrix', () => {
  it('puts each pair in both places and 0 for a pair not given', () => {
    expect(
      correlationMatrix([
        { a: 'TTF_GAS', b: 'NL_POWER_PEAK', correlation: 0.5, observations: 0, fallback: true },
      ]),
    ).toEqual([
      [1, 0, 0.5],
      [0, 1, 0],
      [0.5, 0, 1],
    ]);
  });
});
