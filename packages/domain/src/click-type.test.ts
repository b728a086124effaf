import { describe, expect, it } from 'vitest';
import { clickTypeAllows } from './click-type';
import { MATURITIES } from './maturity';

describe('click type', () => {
  it('allows every maturity for null and ALL', () => {
    for (const maturity of MATURITIES) {
      expect(clickTypeAllows(null, maturity)).toBe(true);
      expect(clickTypeAllows('ALL', maturity)).toBe(true);
    }
  });

  it('allows exactly the matching period type for YEAR, QUARTER and MONTH', () => {
    expect(MATURITIES.filter((m) => clickTypeAllows('YEAR', m))).toEqual(['Y']);
    expect(MATURITIES.filter((m) => clickTypeAllows('QUARTER', m))).toEqual([
      'Q1',
      'Q2',
      'Q3',
      'Q4',
    ]);
    expect(MATURITIES.filter((m) => clickTypeAllows('MONTH', m))).toHaveLength(12);
    expect(clickTypeAllows('MONTH', 'Q1')).toBe(false);
  });
});
