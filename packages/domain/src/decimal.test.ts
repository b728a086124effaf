import { describe, expect, it } from 'vitest';
import { fromDec, isDecimalString, toDec } from './decimal';

describe('decimal strings', () => {
  it('parses plain decimals exactly and writes them back without exponent', () => {
    expect(fromDec(toDec('0.1').plus(toDec('0.2')))).toBe('0.3');
    expect(fromDec(toDec('0.0000001'))).toBe('0.0000001');
    expect(fromDec(toDec('123456789012345678901234567890.5'))).toBe(
      '123456789012345678901234567890.5',
    );
  });

  it('writes negative zero as 0 and drops trailing zeros', () => {
    expect(fromDec(toDec('-0'))).toBe('0');
    expect(fromDec(toDec('1.500'))).toBe('1.5');
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const bad of ['', '1e5', '1,5', ' 1', 'NaN', 'Infinity', '.5', '1.']) {
      expect(isDecimalString(bad)).toBe(false);
      expect(() => toDec(bad)).toThrow(RangeError);
    }
    expect(isDecimalString('-12.25')).toBe(true);
  });
});
