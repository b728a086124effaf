import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDec } from '../decimal';
import {
  riskFigures,
  withClick,
  type RiskOpenLine,
  type RiskYearInput,
  type SimulationSettings,
} from './cost-distribution';
import { RISK_PRODUCT_OF_PART } from './products';

const price = fc.integer({ min: 5_0000, max: 500_0000 }).map((n) => (n / 10_000).toFixed(4));
const volume = fc.integer({ min: 1, max: 5_000_000 }).map((n) => (n / 1000).toFixed(3));
const partName = fc.constantFrom('Peak' as const, 'OffPeak' as const, 'Gas' as const);

const line = fc
  .record({
    contractId: fc.constantFrom('A', 'B'),
    name: partName,
    openVolume: volume,
    marketPrice: price,
    margin: fc.integer({ min: 0, max: 50_000 }),
    horizonYears: fc.double({ min: 0, max: 3, noNaN: true }),
  })
  .map(({ margin, ...rest }): RiskOpenLine => ({
    ...rest,
    product: RISK_PRODUCT_OF_PART[rest.name],
    clickPrice: toDec(rest.marketPrice)
      .plus(margin / 10_000)
      .toFixed(),
  }));

const yearInput = fc
  .record({
    fixedCost: fc.integer({ min: 0, max: 100_000_000 }).map((n) => (n / 100).toFixed(2)),
    lines: fc.array(line, { minLength: 1, maxLength: 4 }),
  })
  .map(({ fixedCost, lines }): RiskYearInput => ({
    fixedCost,
    totalVolume: lines.reduce((sum, one) => sum.plus(toDec(one.openVolume)), toDec('1')).toFixed(),
    lines,
    upperBand: null,
  }));

const settings = fc
  .record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    peak: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
    offPeak: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
    gas: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
    peakOffPeak: fc.double({ min: 0, max: 0.95, noNaN: true }),
    powerGas: fc.double({ min: 0, max: 0.9, noNaN: true }),
  })
  .map((s): SimulationSettings => ({
    paths: 400,
    seed: s.seed,
    volatility: { NL_POWER_PEAK: s.peak, NL_POWER_OFFPEAK: s.offPeak, TTF_GAS: s.gas },
    correlation: [
      [1, s.peakOffPeak, s.powerGas],
      [s.peakOffPeak, 1, s.powerGas],
      [s.powerGas, s.powerGas, 1],
    ],
  }));

describe('cost-at-risk properties', () => {
  it('a click never increases P95 minus the expected cost', () => {
    fc.assert(
      fc.property(
        yearInput,
        settings,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (year, simulation, share) => {
          const target = year.lines[0]!;
          const clicked = toDec(target.openVolume).times(share).toDecimalPlaces(3).toFixed();
          const after = withClick(year, target.contractId, [
            { name: target.name, volume: clicked },
          ]);
          const [before, afterFigures] = [year, after].map(
            (input) => riskFigures([input], simulation).years[0]!,
          );
          // Each part's cost is rounded to cents on both sides: a cent per line may move.
          const slack = 0.01 * (year.lines.length + 1);
          expect(Number(afterFigures!.costAtRisk)).toBeLessThanOrEqual(
            Number(before!.costAtRisk) + slack,
          );
        },
      ),
      { seed: 29, numRuns: 200 },
    );
  });

  it('the expected cost lies between P5 and P95 for any year', () => {
    fc.assert(
      fc.property(yearInput, settings, (year, simulation) => {
        const figures = riskFigures([year], { ...simulation, paths: 1000 }).years[0]!;
        // Cents: the expected cost rounds each line, the paths do not.
        const slack = 0.01 * (year.lines.length + 1);
        expect(Number(figures.p5)).toBeLessThanOrEqual(Number(figures.expectedCost) + slack);
        expect(Number(figures.p5)).toBeLessThanOrEqual(Number(figures.p50));
        expect(Number(figures.p50)).toBeLessThanOrEqual(Number(figures.p95));
        expect(Number(figures.costAtRisk)).toBeGreaterThanOrEqual(0);
      }),
      { seed: 29, numRuns: 60 },
    );
  });
});
