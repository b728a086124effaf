import { describe, expect, it } from 'vitest';
import { PRICE_STALE_AFTER_MINUTES, stalePriceAge } from './price-age';

const NOW = Date.parse('2027-03-10T12:00:00.000Z');
const minutesBefore = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('stale price age', () => {
  it('says nothing about a price younger than the threshold', () => {
    expect(stalePriceAge(minutesBefore(0), NOW)).toBeNull();
    expect(stalePriceAge(minutesBefore(PRICE_STALE_AFTER_MINUTES - 0.5), NOW)).toBeNull();
  });

  it('says nothing without a quote time, with an unreadable one or one in the future', () => {
    expect(stalePriceAge(null, NOW)).toBeNull();
    expect(stalePriceAge('yesterday', NOW)).toBeNull();
    expect(stalePriceAge(minutesBefore(-30), NOW)).toBeNull();
  });

  it('gives the age in minutes from the threshold up to an hour', () => {
    expect(stalePriceAge(minutesBefore(PRICE_STALE_AFTER_MINUTES), NOW)).toEqual({
      unit: 'minutes',
      value: 15,
    });
    expect(stalePriceAge(minutesBefore(59.9), NOW)).toEqual({ unit: 'minutes', value: 59 });
  });

  it('gives whole hours below a day and whole days after', () => {
    expect(stalePriceAge(minutesBefore(60), NOW)).toEqual({ unit: 'hours', value: 1 });
    expect(stalePriceAge(minutesBefore(135), NOW)).toEqual({ unit: 'hours', value: 2 });
    expect(stalePriceAge(minutesBefore(24 * 60 - 1), NOW)).toEqual({ unit: 'hours', value: 23 });
    expect(stalePriceAge(minutesBefore(24 * 60), NOW)).toEqual({ unit: 'days', value: 1 });
    expect(stalePriceAge(minutesBefore(5 * 24 * 60 + 30), NOW)).toEqual({ unit: 'days', value: 5 });
  });
});
