import { describe, expect, it } from 'vitest';
import {
  MATURITIES,
  MONTHS,
  QUARTERS,
  isMaturity,
  monthMaturity,
  monthsOf,
  periodTypeOf,
  quarterOfMonth,
} from './maturity';

describe('maturities', () => {
  it('lists Y, Q1-Q4 and M1-M12', () => {
    expect(MATURITIES).toHaveLength(17);
    expect(QUARTERS).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(MONTHS).toEqual(Array.from({ length: 12 }, (_, i) => `M${i + 1}`));
  });

  it('recognises maturity names', () => {
    expect(isMaturity('Q3')).toBe(true);
    expect(isMaturity('M13')).toBe(false);
    expect(isMaturity('Year')).toBe(false);
  });

  it('gives each maturity its period type', () => {
    expect(periodTypeOf('Y')).toBe('YEAR');
    expect(periodTypeOf('Q2')).toBe('QUARTER');
    expect(periodTypeOf('M10')).toBe('MONTH');
  });

  it('maps maturities to their delivery months', () => {
    expect(monthsOf('Y')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(monthsOf('Q1')).toEqual([1, 2, 3]);
    expect(monthsOf('Q2')).toEqual([4, 5, 6]);
    expect(monthsOf('Q3')).toEqual([7, 8, 9]);
    expect(monthsOf('Q4')).toEqual([10, 11, 12]);
    expect(monthsOf('M11')).toEqual([11]);
  });

  it('maps months to quarters and month maturities', () => {
    expect(quarterOfMonth(1)).toBe('Q1');
    expect(quarterOfMonth(6)).toBe('Q2');
    expect(quarterOfMonth(12)).toBe('Q4');
    expect(monthMaturity(12)).toBe('M12');
    expect(() => quarterOfMonth(0)).toThrow(RangeError);
    expect(() => quarterOfMonth(13)).toThrow(RangeError);
    expect(() => monthMaturity(13)).toThrow(RangeError);
  });
});
