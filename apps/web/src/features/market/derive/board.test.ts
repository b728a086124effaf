import { describe, expect, it } from 'vitest';
import type { BoardEntry } from '@klik/api';
import { ageInSeconds, ageParts, applyQuotesToBoard, boardRows, boardYears } from './board';

function entry(overrides: Partial<BoardEntry> = {}): BoardEntry {
  return {
    product: 'TTF_GAS',
    yearOfSupply: 2027,
    maturity: 'Y',
    market: 'OTC',
    price: '34.5',
    at: '2026-11-20T09:00:00.000Z',
    ageSeconds: 60,
    ...overrides,
  };
}

describe('the price board', () => {
  it('takes a newer price of an instrument, keeps a newer one against an older quote, and adds new ones', () => {
    const board = [entry(), entry({ market: 'ICE', price: '34.6' })];
    const next = applyQuotesToBoard(board, [
      { ...entry(), price: '35', at: '2026-11-20T10:00:00.000Z' },
      { ...entry({ market: 'ICE' }), price: '30', at: '2026-11-20T08:00:00.000Z' },
      { ...entry({ maturity: 'Q1' }), price: '37.25', at: '2026-11-20T10:00:00.000Z' },
    ]);
    expect(next).toHaveLength(3);
    expect(next.find((e) => e.maturity === 'Y' && e.market === 'OTC')?.price).toBe('35');
    expect(next.find((e) => e.market === 'ICE')?.price).toBe('34.6');
    expect(next.find((e) => e.maturity === 'Q1')?.price).toBe('37.25');
  });

  it('gives an OTC offer without a price its first price', () => {
    const next = applyQuotesToBoard(
      [entry({ price: null, at: null, ageSeconds: null })],
      [{ ...entry(), price: '33', at: '2026-11-20T10:00:00.000Z' }],
    );
    expect(next[0]?.price).toBe('33');
  });

  it('lays out one product and year per maturity in grid order, OTC beside ICE', () => {
    const board = [
      entry({ maturity: 'M1' }),
      entry({ maturity: 'Y', market: 'ICE' }),
      entry({ maturity: 'Y' }),
      entry({ maturity: 'Y', yearOfSupply: 2028 }),
      entry({ maturity: 'Y', product: 'NL_POWER_PEAK' }),
    ];
    const rows = boardRows(board, 'TTF_GAS', 2027);
    expect(rows.map((row) => row.maturity)).toEqual(['Y', 'M1']);
    expect(rows[0]?.otc?.market).toBe('OTC');
    expect(rows[0]?.ice?.market).toBe('ICE');
    expect(rows[1]?.ice).toBeNull();
    expect(boardYears(board)).toEqual([2027, 2028]);
  });

  it('tells the age of a tick in whole seconds, never below zero', () => {
    const at = '2026-11-20T10:00:00.000Z';
    expect(ageInSeconds(at, Date.parse(at) + 42_900)).toBe(42);
    expect(ageInSeconds(at, Date.parse(at) - 5000)).toBe(0);
    expect(ageParts(59)).toEqual({ unit: 'seconds', s: 59 });
    expect(ageParts(185)).toEqual({ unit: 'minutes', m: 3, s: 5 });
    expect(ageParts(7800)).toEqual({ unit: 'hours', h: 2, m: 10 });
    expect(ageParts(3 * 86_400 + 5)).toEqual({ unit: 'days', d: 3 });
  });
});
