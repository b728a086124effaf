import { describe, expect, it } from 'vitest';
import { priceAxis, priceAxisProps } from './price-axis';

describe('price axis of a chart', () => {
  it('leaves room around the data in whole euros, never below 0', () => {
    expect(priceAxis(['35', '45', '36.125'])).toEqual({ min: 34, max: 46 });
    expect(priceAxis(['100', '300'])).toEqual({ min: 90, max: 310 });
    expect(priceAxis(['0.5', '0.6'])).toEqual({ min: 0, max: 2 });
  });

  it('starts near the prices, not at 0, so a small move shows', () => {
    expect(priceAxis(['85.255', '84.1', '80.5'])).toEqual({ min: 79, max: 87 });
    expect(priceAxis(['70'])).toEqual({ min: 69, max: 71 });
  });

  it('is 0 to 1 without prices', () => {
    expect(priceAxis([])).toEqual({ min: 0, max: 1 });
  });
});

describe('price axis props', () => {
  it('scale the axis and write whole euros in the user language', () => {
    const props = priceAxisProps(['1234.5', '1300'], 'nl');
    expect(props.domain).toEqual([1231, 1304]);
    expect(props.tickFormatter(1250)).toBe('1.250');
    expect(priceAxisProps(['10'], 'en').tickFormatter(1250)).toBe('1,250');
  });
});
