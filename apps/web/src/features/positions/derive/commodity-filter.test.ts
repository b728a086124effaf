import { describe, expect, it } from 'vitest';
import { commodityFromRoute, filterByCommodity } from './commodity-filter';

describe('commodity filter', () => {
  it('reads the spec values Power and Gas and their lower case, no segment as all, anything else as unknown', () => {
    expect(commodityFromRoute('power')).toBe('Power');
    expect(commodityFromRoute('gas')).toBe('Gas');
    expect(commodityFromRoute('Power')).toBe('Power');
    expect(commodityFromRoute('Gas')).toBe('Gas');
    expect(commodityFromRoute(undefined)).toBeNull();
    expect(commodityFromRoute('POWER')).toBe('unknown');
    expect(commodityFromRoute('water')).toBe('unknown');
    expect(commodityFromRoute('toString')).toBe('unknown');
  });

  it('keeps only the contracts of the chosen commodity', () => {
    const contracts = [
      { id: 1, commodity: 'Power' as const },
      { id: 2, commodity: 'Gas' as const },
      { id: 3, commodity: 'Power' as const },
    ];
    expect(filterByCommodity(contracts, 'Power').map((c) => c.id)).toEqual([1, 3]);
    expect(filterByCommodity(contracts, 'Gas').map((c) => c.id)).toEqual([2]);
    expect(filterByCommodity(contracts, null).map((c) => c.id)).toEqual([1, 2, 3]);
  });
});
