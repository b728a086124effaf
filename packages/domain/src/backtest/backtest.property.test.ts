import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../amsterdam-time';
import type { ContractPartName } from '../contract';
import { Dec, toDec } from '../decimal';
import type { Maturity } from '../maturity';
import { weightedAveragePrice } from '../pricing';
import { attribute, roundAttribution } from './attribution';
import { replay, replayActual } from './replay';
import { BACKTEST_STRATEGIES, strategyTargets, type StrategyOptions } from './strategies';
import type { BacktestPosition, BacktestYear, MarginStep, ReplayClick } from './types';
import { extremeDays, twelveMonthStats } from './window-stats';
import { marginOn, prepareYear, strategyInput, yearDailyPrices } from './year-prices';

// Prices in EUR/MWh with up to 4 decimals (negative ones happen), volumes in MWh with up to 3.
const scaled = (max: bigint, decimals: number, min = 0n) =>
  fc.bigInt({ min, max }).map((n) =>
    toDec(n.toString())
      .div(10 ** decimals)
      .toFixed(),
  );
const price = scaled(5_000_000n, 4, -500_000n);
const volume = scaled(100_000_000n, 3, 1n);
const percentage = (min: bigint) => scaled(10_000n, 2, min);

const BASE = '2026-01-01';
const day = (offset: number) => addDays(BASE, offset);
const SPAN = 150;
const MATURITIES: readonly Maturity[] = ['Y', 'Q1', 'M1'];
const PARTS: readonly ContractPartName[] = ['Gas', 'Peak', 'OffPeak'];

// A random walk from a first to a last day, with a few days missing: dense enough that the
// year's parts share most days, sparse enough that some part at times has no price at all.
const series = fc
  .record({
    first: fc.integer({ min: 0, max: 60 }),
    length: fc.integer({ min: 0, max: SPAN }),
    gaps: fc.uniqueArray(fc.integer({ min: 0, max: SPAN }), { maxLength: 12 }),
    start: price,
    steps: fc.array(fc.integer({ min: -30_000, max: 30_000 }), {
      minLength: SPAN + 1,
      maxLength: SPAN + 1,
    }),
  })
  .map(({ first, length, gaps, start, steps }) => {
    let level = toDec(start);
    const days = [];
    for (let offset = first; offset <= Math.min(SPAN, first + length); offset++) {
      level = level.plus(new Dec(steps[offset] as number).div(10_000));
      if (!gaps.includes(offset)) days.push({ day: day(offset), price: level.toFixed() });
    }
    return days;
  });

const position = fc
  .record({
    power: fc.boolean(),
    lastDay: fc.integer({ min: 10, max: SPAN }),
    volumes: fc.tuple(volume, volume),
    prices: fc.tuple(series, series),
  })
  .map(({ power, lastDay, volumes, prices }): Omit<BacktestPosition, 'maturity'> =>
    power
      ? {
          lastDay: day(lastDay),
          parts: [
            { part: 'Peak', volume: volumes[0] },
            { part: 'OffPeak', volume: volumes[1] },
          ],
          prices: { Peak: prices[0], OffPeak: prices[1] },
        }
      : {
          lastDay: day(lastDay),
          parts: [{ part: 'Gas', volume: volumes[0] }],
          prices: { Gas: prices[0] },
        },
  );

// A step per part from the first day on (the server always supplies one), and a few later ones.
const margins = fc
  .array(
    fc.record({
      offset: fc.integer({ min: 0, max: SPAN }),
      part: fc.constantFrom(...PARTS),
      markUp: scaled(100_000n, 4),
      transactionFee: scaled(10_000n, 4),
    }),
    { maxLength: 4 },
  )
  .map((later): MarginStep[] => [
    ...PARTS.map((part) => ({ from: BASE, part, markUp: '1.5', transactionFee: '0.0125' })),
    ...later.map(({ offset, ...step }) => ({ ...step, from: day(offset) })),
  ]);

const hedgePolicy = fc.option(
  fc
    .uniqueArray(
      fc.record({
        offset: fc.integer({ min: 0, max: SPAN }),
        min: fc.integer({ min: 0, max: 100 }),
        room: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      }),
      { selector: (p) => p.offset, minLength: 1, maxLength: 4 },
    )
    .map((points) => {
      let min = 0;
      return [...points]
        .sort((a, b) => a.offset - b.offset)
        .map((p) => {
          min = Math.max(min, p.min);
          const max = p.room === null ? null : String(Math.min(100, min + p.room));
          return { date: day(p.offset), minShare: String(min), maxShare: max };
        });
    }),
  { nil: null },
);

const year = fc
  .record({
    start: fc.integer({ min: 0, max: 30 }),
    length: fc.integer({ min: 0, max: 120 }),
    positions: fc.array(position, { minLength: 1, maxLength: 3 }),
    margins,
    hedgePolicy,
    minClickPercentage: percentage(0n).filter((p) => toDec(p).lte(50)),
    maxClickPercentage: percentage(1n),
    maxClicksPerYear: fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
  })
  .map(({ start, length, positions, ...rest }): BacktestYear => ({
    ...rest,
    yearOfSupply: 2027,
    clickType: 'ALL',
    from: day(start),
    to: day(start + length),
    positions: positions.map((p, i) => ({ ...p, maturity: MATURITIES[i] as Maturity })),
  }));

const options = fc.record({
  trancheSchedule: fc.constantFrom('MONTHLY' as const, 'QUARTERLY' as const),
  limitDays: fc.integer({ min: 1, max: 30 }),
  limitShare: fc.integer({ min: 1, max: 100 }),
});

const lastDayOf = (y: BacktestYear, p: BacktestPosition) => (p.lastDay < y.to ? p.lastDay : y.to);

/** Whether some position part with volume has no price within the window up to its last day. */
function lacksHistory(y: BacktestYear): boolean {
  return y.positions.some((p) =>
    p.parts.some(
      (part) =>
        toDec(part.volume).gt(0) &&
        !(p.prices[part.part] ?? []).some((d) => d.day >= y.from && d.day <= lastDayOf(y, p)),
    ),
  );
}

const sum = (values: readonly string[]) => values.reduce((s, v) => s.plus(toDec(v)), new Dec(0));

/** Stored clicks of a year: some of its parts' priced days, at consistent prices. */
function storedClicks(y: BacktestYear, picks: readonly number[]): ReplayClick[] {
  const candidates = y.positions.flatMap((p) =>
    p.parts.flatMap((part) =>
      (p.prices[part.part] ?? []).filter((d) => d.day >= y.from).map((d) => ({ p, part, d })),
    ),
  );
  return picks.flatMap((pick) => {
    const chosen = candidates[pick % Math.max(candidates.length, 1)];
    if (chosen === undefined) return [];
    const clickVolume = toDec(chosen.part.volume).div(7).toDecimalPlaces(3, Dec.ROUND_DOWN);
    const margin = marginOn(y.margins, chosen.part.part, chosen.d.day);
    return [
      {
        day: chosen.d.day,
        maturity: chosen.p.maturity,
        part: chosen.part.part,
        volume: clickVolume.toFixed(),
        marketPrice: chosen.d.price,
        margin,
        price: toDec(chosen.d.price).plus(toDec(margin)).toFixed(),
        forced: false,
      },
    ];
  });
}

describe('backtest properties', () => {
  it('a strategy fixes exactly the contract’s volume, within its window and last days', () => {
    fc.assert(
      fc.property(year, options, (y, opts: StrategyOptions) => {
        const input = strategyInput(y);
        const priced = new Set(input.days.map((d) => d.day));
        for (const name of BACKTEST_STRATEGIES) {
          const targets = strategyTargets(name, input, opts);
          if (targets === null) {
            expect(y.hedgePolicy).toBeNull();
            expect(name.startsWith('CORRIDOR')).toBe(true);
            continue;
          }
          let level = new Dec(0);
          for (const target of targets) {
            expect(priced.has(target.day)).toBe(true);
            expect(toDec(target.share).gt(level)).toBe(true);
            level = toDec(target.share);
          }
          expect(level.lte(100)).toBe(true);
          const outcome = replay(y, targets);
          expect(outcome === null).toBe(lacksHistory(y));
          if (outcome === null) continue;
          for (const p of y.positions) {
            const own = outcome.clicks.filter((c) => c.maturity === p.maturity);
            for (const part of p.parts) {
              const volumes = own.filter((c) => c.part === part.part).map((c) => c.volume);
              expect(sum(volumes).eq(toDec(part.volume))).toBe(true);
            }
            for (const c of own) {
              expect(c.day >= y.from && c.day <= lastDayOf(y, p)).toBe(true);
              expect(toDec(c.volume).gt(0)).toBe(true);
            }
            const days = new Set(own.filter((c) => !c.forced).map((c) => c.day));
            if (y.maxClicksPerYear !== null)
              expect(days.size).toBeLessThanOrEqual(y.maxClicksPerYear);
          }
          const total = y.positions.flatMap((p) => p.parts.map((part) => part.volume));
          expect(toDec(outcome.volume).eq(sum(total))).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the actual replay keeps the stored clicks’ average price exactly', () => {
    fc.assert(
      fc.property(year, fc.array(fc.nat(), { maxLength: 12 }), (y, picks) => {
        const stored = storedClicks(y, picks);
        const outcome = replayActual(y, stored);
        if (outcome === null) return;
        const own = outcome.clicks.filter((c) => !c.forced);
        expect(weightedAveragePrice(own)).toBe(weightedAveragePrice(stored));
        expect(own.length).toBe(stored.length);
      }),
      { numRuns: 60 },
    );
  });

  it('the attribution’s parts add up to the total difference exactly, also in cents', () => {
    fc.assert(
      fc.property(
        year,
        options,
        fc.constantFrom(...BACKTEST_STRATEGIES),
        fc.array(fc.nat(), { maxLength: 12 }),
        (y, opts, name, picks) => {
          const actual = replayActual(y, storedClicks(y, picks));
          const targets = strategyTargets(name, strategyInput(y), opts);
          const reference = targets === null ? null : replay(y, targets);
          if (actual === null || reference === null) return;
          const parts = attribute(y, actual.clicks, reference.clicks);
          const total = toDec(actual.totalCost).minus(toDec(reference.totalCost));
          expect(toDec(parts.total).eq(total)).toBe(true);
          expect(sum([parts.timing, parts.volume, parts.margin]).eq(toDec(parts.total))).toBe(true);
          const margin = toDec(actual.marginCost).minus(toDec(reference.marginCost));
          expect(toDec(parts.margin).eq(margin)).toBe(true);
          const rounded = roundAttribution(parts);
          expect(
            sum([rounded.timing, rounded.volume, rounded.margin]).eq(toDec(rounded.total)),
          ).toBe(true);
          const centsOff = toDec(rounded.margin).minus(
            margin.toDecimalPlaces(2, Dec.ROUND_HALF_UP),
          );
          expect(centsOff.abs().lte('0.01')).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('equal tranches on a flat price history cost exactly that price plus the margins', () => {
    fc.assert(
      fc.property(year, price, options, (y, flat, opts) => {
        const flatYear: BacktestYear = {
          ...y,
          margins: y.margins.filter((m) => m.from === BASE),
          positions: y.positions.map((p) => ({
            ...p,
            prices: Object.fromEntries(
              Object.entries(p.prices).map(([part, days]) => [
                part,
                days.map((d) => ({ ...d, price: flat })),
              ]),
            ),
          })),
        };
        const targets = strategyTargets('EQUAL_TRANCHES', strategyInput(flatYear), opts);
        const outcome = replay(flatYear, targets ?? []);
        if (outcome === null) return;
        const expected = flatYear.positions
          .flatMap((p) => p.parts)
          .reduce(
            (acc, part) =>
              acc.plus(
                toDec(part.volume).times(
                  toDec(flat).plus(toDec(marginOn(flatYear.margins, part.part, BASE))),
                ),
              ),
            new Dec(0),
          );
        expect(toDec(outcome.totalCost).eq(expected)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('a prepared year gives exactly the figures of the year itself', () => {
    const figures = (y: BacktestYear, opts: StrategyOptions, stored: readonly ReplayClick[]) => {
      const input = strategyInput(y);
      const actual = replayActual(y, stored);
      return {
        days: yearDailyPrices(y),
        stats: twelveMonthStats(input.days, y.to),
        extremes: extremeDays(y),
        actual,
        strategies: BACKTEST_STRATEGIES.map((name) => {
          const targets = strategyTargets(name, input, opts);
          const outcome = targets && replay(y, targets);
          return {
            targets,
            outcome,
            parts: outcome && actual && attribute(y, actual.clicks, outcome.clicks),
          };
        }),
      };
    };
    fc.assert(
      fc.property(year, options, fc.array(fc.nat(), { maxLength: 12 }), (y, opts, picks) => {
        const stored = storedClicks(y, picks);
        expect(figures(prepareYear(y), opts, stored)).toEqual(figures(y, opts, stored));
      }),
      { numRuns: 60 },
    );
  });
});
