import { describe, expect, it } from 'vitest';
import { isPriceAlertTriggered, priceAlertFires } from './price-alert';

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
