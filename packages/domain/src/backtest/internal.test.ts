import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal';
import { divideHalfUp, unitsOf, unitsText } from './internal';

describe('the exact integers of the fast paths', () => {
  it('reads a plain decimal in units of a scale, NaN for anything else or too large', () => {
    expect(unitsOf('80.1234', 4)).toBe(801234);
    expect(unitsOf('-0.5', 4)).toBe(-5000);
    expect(unitsOf('7', 3)).toBe(7000);
    expect(unitsOf('007.10', 2)).toBe(710);
    for (const bad of ['', '-', '.5', '5.', '-.5', '1.2.3', '1e5', ' 1', '+1', 'x']) {
      expect(unitsOf(bad, 4)).toBeNaN();
    }
    expect(unitsOf('9007199254740991', 0)).toBe(Number.MAX_SAFE_INTEGER);
    expect(unitsOf('9007199254740992', 0)).toBeNaN();
    expect(unitsOf('900719925474.0992', 4)).toBeNaN();
    expect(unitsOf('1', 23)).toBeNaN();
  });

  it('writes units as fromDec writes the decimal', () => {
    expect(unitsText(0, 4)).toBe('0');
    expect(unitsText(0n, 4)).toBe('0');
    expect(unitsText(801000, 4)).toBe('80.1');
    expect(unitsText(-5, 4)).toBe('-0.0005');
    expect(unitsText(-1200n, 3)).toBe('-1.2');
    expect(unitsText(42, 0)).toBe('42');
  });

  it('divides half away from zero, as Dec.ROUND_HALF_UP, up to the largest safe integer', () => {
    const cases: [number, number][] = [
      [5, 2],
      [-5, 2],
      [7, 3],
      [-8, 3],
      [0, 7],
      [Number.MAX_SAFE_INTEGER, 2],
      [Number.MAX_SAFE_INTEGER, 3],
      [Number.MAX_SAFE_INTEGER - 1, 1_048_576],
      [-Number.MAX_SAFE_INTEGER, 999_999_937],
    ];
    for (const [a, b] of cases) {
      const exact = new Dec(a).div(b).toDecimalPlaces(0, Dec.ROUND_HALF_UP);
      expect(divideHalfUp(a, b)).toBe(exact.toNumber());
    }
  });
});
