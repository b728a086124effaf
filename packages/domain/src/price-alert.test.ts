import { describe, expect, it } from 'vitest';
import {
  isPriceAlertExpired,
  isPriceAlertTriggered,
  priceAlertCrossings,
  priceAlertFires,
  priceAlertPriceProblem,
  stepPriceAlert,
} from './price-alert';

describe('price alerts', () => {
  const lower = { direction: 'EQUAL_OR_LOWER', price: '80' } as const;
  const higher = { direction: 'EQUAL_OR_HIGHER', price: '80' } as const;

  it('triggers at or below the price for EQUAL_OR_LOWER', () => {
    expect(isPriceAlertTriggered(lower, '79.99')).toBe(true);
    expect(isPriceAlertTriggered(lower, '80')).toBe(true);
    expect(isPriceAlertTriggered(lower, '80.00')).toBe(true);
    expect(isPriceAlertTriggered(lower, '80.01')).toBe(false);
  });

  it('triggers at or above the price for EQUAL_OR_HIGHER', () => {
    expect(isPriceAlertTriggered(higher, '80')).toBe(true);
    expect(isPriceAlertTriggered(higher, '80.5')).toBe(true);
    expect(isPriceAlertTriggered(higher, '79.9999')).toBe(false);
  });

  it('fires once when the price moves into the alert', () => {
    expect(priceAlertFires(lower, '81', '80')).toBe(true);
    expect(priceAlertFires(lower, '80', '79')).toBe(false);
    expect(priceAlertFires(lower, null, '79')).toBe(true);
    expect(priceAlertFires(lower, '79', '81')).toBe(false);
  });
});

describe('an alert price as typed', () => {
  it('is required, a decimal with at most 4 decimals, above 0 and below the OTC ceiling', () => {
    expect(priceAlertPriceProblem('')).toBe('REQUIRED');
    expect(priceAlertPriceProblem('   ')).toBe('REQUIRED');
    expect(priceAlertPriceProblem('80')).toBeNull();
    expect(priceAlertPriceProblem(' 80.1234 ')).toBeNull();
    expect(priceAlertPriceProblem('0.0001')).toBeNull();
    expect(priceAlertPriceProblem('99999998.9999')).toBeNull();
    expect(priceAlertPriceProblem('0')).toBe('INVALID');
    expect(priceAlertPriceProblem('0.0000')).toBe('INVALID');
    expect(priceAlertPriceProblem('99999999')).toBe('INVALID');
    expect(priceAlertPriceProblem('80.12345')).toBe('INVALID');
    expect(priceAlertPriceProblem('-5')).toBe('INVALID');
    expect(priceAlertPriceProblem('80,5')).toBe('INVALID');
    expect(priceAlertPriceProblem('1e3')).toBe('INVALID');
  });
});

describe('expiry', () => {
  it('lives through its Amsterdam expiry day and no longer', () => {
    // 2027-03-31 23:30 Amsterdam (CEST, UTC+2) is 21:30 UTC.
    expect(isPriceAlertExpired('2027-03-31', new Date('2027-03-31T21:30:00Z'))).toBe(false);
    expect(isPriceAlertExpired('2027-03-31', new Date('2027-03-31T22:00:00Z'))).toBe(true);
    expect(isPriceAlertExpired('2027-03-31', new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('crossings', () => {
  const lower = { direction: 'EQUAL_OR_LOWER', price: '80' } as const;

  it('fires on the first price when nothing was seen and it already meets the alert', () => {
    expect(stepPriceAlert(lower, null, '79')).toEqual({ met: true, fires: true });
    expect(stepPriceAlert(lower, null, '81')).toEqual({ met: false, fires: false });
  });

  it('fires once per crossing: not while it stays beyond, again after it came back', () => {
    expect(priceAlertCrossings(lower, false, ['81', '80', '79', '78', '82', '80', '80'])).toEqual({
      fires: [1, 5],
      lastMet: true,
    });
    expect(priceAlertCrossings(lower, true, ['79'])).toEqual({ fires: [], lastMet: true });
    expect(priceAlertCrossings(lower, null, [])).toEqual({ fires: [], lastMet: null });
  });
});
