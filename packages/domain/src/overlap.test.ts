import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MATURITIES, type Maturity } from './maturity';
import { lockedPeriods, overlappingMaturities, overlaps, periodsOverlap } from './overlap';

const maturity = fc.constantFrom(...MATURITIES);

describe('overlap', () => {
  it('follows the spec: equal overlap, Y overlaps all, a quarter overlaps its three months', () => {
    expect(overlaps('M5', 'M5')).toBe(true);
    expect(overlaps('Q2', 'Q2')).toBe(true);
    expect(overlaps('Y', 'M12')).toBe(true);
    expect(overlaps('Q1', 'M1')).toBe(true);
    expect(overlaps('Q1', 'M3')).toBe(true);
    expect(overlaps('Q1', 'M4')).toBe(false);
    expect(overlaps('Q4', 'M10')).toBe(true);
    expect(overlaps('Q3', 'M6')).toBe(false);
    expect(overlaps('Q1', 'Q2')).toBe(false);
    expect(overlaps('M1', 'M2')).toBe(false);
  });

  it('lists what a click locks', () => {
    expect(overlappingMaturities('Q2')).toEqual(['Y', 'Q2', 'M4', 'M5', 'M6']);
    expect(overlappingMaturities('M8')).toEqual(['Y', 'Q3', 'M8']);
    expect(overlappingMaturities('Y')).toEqual([...MATURITIES]);
    expect(lockedPeriods({ maturity: 'M1', yearOfSupply: 2027 })).toEqual([
      { maturity: 'Y', yearOfSupply: 2027 },
      { maturity: 'Q1', yearOfSupply: 2027 },
      { maturity: 'M1', yearOfSupply: 2027 },
    ]);
  });

  it('never overlaps across years of supply', () => {
    expect(
      periodsOverlap({ maturity: 'Y', yearOfSupply: 2027 }, { maturity: 'Y', yearOfSupply: 2028 }),
    ).toBe(false);
    expect(
      periodsOverlap({ maturity: 'Y', yearOfSupply: 2027 }, { maturity: 'M3', yearOfSupply: 2027 }),
    ).toBe(true);
  });

  it('is symmetric and reflexive, and Y overlaps everything (property)', () => {
    fc.assert(
      fc.property(maturity, maturity, (a: Maturity, b: Maturity) => {
        expect(overlaps(a, b)).toBe(overlaps(b, a));
        expect(overlaps(a, a)).toBe(true);
        expect(overlaps('Y', a)).toBe(true);
      }),
    );
  });

  it('locks exactly the overlapping positions of the same year (property)', () => {
    fc.assert(
      fc.property(maturity, maturity, fc.integer({ min: 2020, max: 2040 }), (a, b, year) => {
        const locked = lockedPeriods({ maturity: a, yearOfSupply: year });
        expect(locked.some((p) => p.maturity === b)).toBe(overlaps(a, b));
        expect(locked.every((p) => p.yearOfSupply === year)).toBe(true);
      }),
    );
  });
});
