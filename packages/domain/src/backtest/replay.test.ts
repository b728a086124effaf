import { describe, expect, it } from 'vitest';
import { addDays } from '../amsterdam-time';
import { replay, replayActual } from './replay';
import type { BacktestPosition, BacktestYear, DailyPrice, ReplayClick, ShareTarget } from './types';

/** Prices on 2026-01-01 + i for each given i: 50 + i. */
function prices(...days: number[]): DailyPrice[] {
  return days.map((i) => ({ day: addDays('2026-01-01', i), price: String(50 + i) }));
}
const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

const gas: BacktestPosition = {
  maturity: 'Y',
  lastDay: '2026-12-31',
  parts: [{ part: 'Gas', volume: '1000' }],
  prices: { Gas: prices(...ALL) },
};

function year(overrides: Partial<BacktestYear> = {}): BacktestYear {
  return {
    yearOfSupply: 2027,
    clickType: 'ALL',
    minClickPercentage: '0',
    maxClickPercentage: '100',
    maxClicksPerYear: null,
    from: '2026-01-01',
    to: '2026-01-10',
    margins: [
      { from: '2026-01-01', part: 'Gas', markUp: '1', transactionFee: '0.5' },
      { from: '2026-01-01', part: 'Peak', markUp: '2', transactionFee: '0' },
      { from: '2026-01-01', part: 'OffPeak', markUp: '3', transactionFee: '0' },
    ],
    hedgePolicy: null,
    positions: [gas],
    ...overrides,
  };
}

const target = (i: number, share: string): ShareTarget => ({
  day: addDays('2026-01-01', i),
  share,
});

/** The clicks as [day offset as MM-DD, volume, forced]. */
function summary(clicks: readonly ReplayClick[] | undefined): [string, string, string, boolean][] {
  return (clicks ?? []).map((c) => [c.day.slice(5), c.part, c.volume, c.forced]);
}

describe('replay', () => {
  it('clicks a target on its day at market price + margin, and sums the outcome exactly', () => {
    const outcome = replay(year(), [target(2, '100')]);
    expect(outcome).toEqual({
      clicks: [
        {
          day: '2026-01-03',
          maturity: 'Y',
          part: 'Gas',
          volume: '1000',
          marketPrice: '52',
          margin: '1.5',
          price: '53.5',
          forced: false,
        },
      ],
      clickCount: 1,
      volume: '1000',
      totalCost: '53500',
      marginCost: '1500',
    });
  });

  it('rounds each desired volume down to the kWh and clicks the difference', () => {
    const small = year({
      positions: [{ ...gas, parts: [{ part: 'Gas', volume: '1' }] }],
    });
    // Unsorted and once lower: targets are cumulative, never given back.
    const outcome = replay(small, [target(3, '100'), target(1, '33.3333'), target(2, '20')]);
    expect(summary(outcome?.clicks)).toEqual([
      ['01-02', 'Gas', '0.333', false],
      ['01-04', 'Gas', '0.667', false],
    ]);
    expect(outcome?.clickCount).toBe(2);
  });

  it('clicks a part without a price on that day on its next priced day', () => {
    const power: BacktestPosition = {
      maturity: 'Q1',
      lastDay: '2026-12-31',
      parts: [
        { part: 'Peak', volume: '100' },
        { part: 'OffPeak', volume: '200' },
      ],
      prices: { Peak: prices(...ALL), OffPeak: prices(0, 4, 5) },
    };
    // A target on a day nobody has a price (01-02 for OffPeak) waits too.
    const outcome = replay(year({ positions: [power] }), [target(1, '50'), target(4, '100')]);
    expect(summary(outcome?.clicks)).toEqual([
      ['01-02', 'Peak', '50', false],
      ['01-05', 'Peak', '50', false],
      ['01-05', 'OffPeak', '200', false],
    ]);
    expect(outcome?.clicks[2]?.price).toBe('57');
    // Two position-days.
    expect(outcome?.clickCount).toBe(2);
  });

  it('carries a click below the smallest to the next target, unless it is all that is left', () => {
    const outcome = replay(year({ minClickPercentage: '10' }), [
      target(0, '5'),
      target(1, '8'),
      target(2, '12'),
      target(3, '95'),
      target(4, '100'),
    ]);
    expect(summary(outcome?.clicks)).toEqual([
      ['01-03', 'Gas', '120', false],
      ['01-04', 'Gas', '830', false],
      ['01-05', 'Gas', '50', false],
    ]);
  });

  it('caps a click at the largest, the excess following on the next priced days', () => {
    const withGap = year({
      maxClickPercentage: '30',
      positions: [{ ...gas, prices: { Gas: prices(0, 1, 3, 4, 5) } }],
    });
    const outcome = replay(withGap, [target(0, '100')]);
    expect(summary(outcome?.clicks)).toEqual([
      ['01-01', 'Gas', '300', false],
      ['01-02', 'Gas', '300', false],
      ['01-04', 'Gas', '300', false],
      ['01-05', 'Gas', '100', false],
    ]);
    expect(outcome?.clickCount).toBe(4);
  });

  it('never clicks less than the largest allows when the smallest is above it', () => {
    const outcome = replay(year({ minClickPercentage: '60', maxClickPercentage: '50' }), [
      target(0, '100'),
    ]);
    expect(summary(outcome?.clicks)).toEqual([
      ['01-01', 'Gas', '500', false],
      ['01-02', 'Gas', '500', false],
    ]);
  });

  it('adds a remainder below 1% (runout)', () => {
    expect(summary(replay(year(), [target(0, '99.5')])?.clicks)).toEqual([
      ['01-01', 'Gas', '1000', false],
    ]);
    expect(summary(replay(year(), [target(0, '99')])?.clicks)).toEqual([
      ['01-01', 'Gas', '990', false],
      ['01-10', 'Gas', '10', true],
    ]);
  });

  it('stops the strategy’s own clicks at the year’s maximum and forces the rest', () => {
    const outcome = replay(year({ maxClickPercentage: '30', maxClicksPerYear: 2 }), [
      target(0, '100'),
    ]);
    expect(summary(outcome?.clicks)).toEqual([
      ['01-01', 'Gas', '300', false],
      ['01-02', 'Gas', '300', false],
      ['01-10', 'Gas', '400', true],
    ]);
    expect(outcome?.clickCount).toBe(2);
    expect(summary(replay(year({ maxClicksPerYear: 0 }), [target(0, '100')])?.clicks)).toEqual([
      ['01-10', 'Gas', '1000', true],
    ]);
  });

  it('clicks nothing after the last day or the window’s end: the open rest is forced there', () => {
    const early: BacktestPosition = {
      ...gas,
      maturity: 'M1',
      lastDay: '2026-01-05',
      prices: { Gas: prices(0, 1, 2, 3, 5, 6) },
    };
    const outcome = replay(year({ to: '2026-01-07', positions: [gas, early] }), [
      target(1, '50'),
      target(5, '100'),
    ]);
    // M1: its last day is 01-05, the last priced day before it 01-04. Y: the window ends 01-07.
    expect(outcome?.clicks.map((c) => [c.day.slice(5), c.maturity, c.volume, c.forced])).toEqual([
      ['01-02', 'Y', '500', false],
      ['01-02', 'M1', '500', false],
      ['01-04', 'M1', '500', true],
      ['01-06', 'Y', '500', false],
    ]);
    expect(outcome?.clickCount).toBe(3);
    expect(outcome?.volume).toBe('2000');
  });

  it('forces everything when there is no target, also when the largest click rounds to 0', () => {
    expect(summary(replay(year(), [])?.clicks)).toEqual([['01-10', 'Gas', '1000', true]]);
    const tiny = year({
      maxClickPercentage: '50',
      positions: [{ ...gas, parts: [{ part: 'Gas', volume: '0.001' }] }],
    });
    const outcome = replay(tiny, [target(0, '100')]);
    expect(summary(outcome?.clicks)).toEqual([['01-10', 'Gas', '0.001', true]]);
    expect(outcome?.clickCount).toBe(0);
  });

  it('is null when a position part has no price within the window up to its last day', () => {
    expect(replay(year({ positions: [{ ...gas, prices: {} }] }), [])).toBeNull();
    const late = { ...gas, lastDay: '2026-01-03', prices: { Gas: prices(5, 6) } };
    expect(replay(year({ positions: [gas, late] }), [])).toBeNull();
    // A part without volume needs no price.
    const zero: BacktestPosition = {
      ...gas,
      parts: [
        { part: 'Peak', volume: '10' },
        { part: 'OffPeak', volume: '0' },
      ],
      prices: { Peak: prices(0) },
    };
    expect(summary(replay(year({ positions: [zero] }), [])?.clicks)).toEqual([
      ['01-01', 'Peak', '10', true],
    ]);
  });

  it('refuses a share outside 0..100', () => {
    expect(() => replay(year(), [target(0, '100.1')])).toThrow(RangeError);
    expect(() => replay(year(), [target(0, '-1')])).toThrow(RangeError);
  });

  it('is empty for a year without positions', () => {
    expect(replay(year({ positions: [] }), [target(0, '100')])).toEqual({
      clicks: [],
      clickCount: 0,
      volume: '0',
      totalCost: '0',
      marginCost: '0',
    });
  });
});

describe('replayActual', () => {
  const stored = (i: number, volume: string, maturity: 'Y' | 'M1' = 'Y'): ReplayClick => ({
    day: addDays('2026-01-01', i),
    maturity,
    part: 'Gas',
    volume,
    marketPrice: '40',
    margin: '1',
    // As stored, even where it does not add up: the actual clicks are not recomputed.
    price: '41.25',
    forced: true,
  });

  it('keeps the stored clicks and forces what they leave open on the last priced day', () => {
    const early: BacktestPosition = {
      ...gas,
      maturity: 'M1',
      lastDay: '2026-01-05',
      prices: { Gas: prices(0, 1, 2, 3, 5) },
    };
    const outcome = replayActual(year({ positions: [gas, early] }), [
      stored(1, '300'),
      stored(1, '100', 'M1'),
      stored(3, '200'),
      stored(3, '900', 'M1'),
    ]);
    expect(outcome?.clicks.map((c) => [c.day.slice(5), c.maturity, c.volume, c.forced])).toEqual([
      ['01-02', 'Y', '300', false],
      ['01-02', 'M1', '100', false],
      ['01-04', 'Y', '200', false],
      ['01-04', 'M1', '900', false],
      ['01-10', 'Y', '500', true],
    ]);
    expect(outcome?.clicks[0]?.price).toBe('41.25');
    expect(outcome?.clicks[4]?.price).toBe('60.5');
    // Four position-days: Y and M1 each on 01-02 and 01-04.
    expect(outcome?.clickCount).toBe(4);
    expect(outcome?.totalCost).toBe('92125');
  });

  it('is null when an open remainder has no price, not when nothing is open', () => {
    const unpriced = year({ positions: [{ ...gas, prices: {} }] });
    expect(replayActual(unpriced, [stored(1, '300')])).toBeNull();
    expect(replayActual(unpriced, [stored(1, '1000')])?.clickCount).toBe(1);
  });
});
