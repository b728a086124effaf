import { describe, expect, it } from 'vitest';
import { aQuotePart } from '../test-builders';
import { normaliseDecimal, previewShare } from './share-preview';

const peak = aQuotePart({
  name: 'Peak',
  openVolume: '600',
  totalVolume: '1000',
  marketPrice: '85.255',
  markUp: '1.5',
  transactionFee: '0.0125',
  limits: { min: '50', max: '600' },
});
const offPeak = aQuotePart({
  name: 'OffPeak',
  openVolume: '1800',
  totalVolume: '2000',
  marketPrice: '70.1',
  markUp: '1.5',
  transactionFee: '0.0125',
  limits: { min: '100', max: '1800' },
});

function draft(overrides: Partial<Parameters<typeof previewShare>[0]> = {}) {
  return { mode: 'percentage' as const, percentage: '', volumes: {}, runOut: false, ...overrides };
}

describe('share preview', () => {
  it('takes a percentage of each part open volume, rounded down to the kWh, and prices it', () => {
    const preview = previewShare(draft({ percentage: '33,33' }), [peak, offPeak]);
    expect(preview.valid).toBe(true);
    // 600 x 33.33% = 199.98; 1800 x 33.33% = 599.94
    expect(preview.parts.map((part) => part.volume)).toEqual(['199.98', '599.94']);
    expect(preview.parts.map((part) => part.clickPrice)).toEqual(['86.7675', '71.6125']);
    // 199.98 x 86.7675 = 17351.76465 -> 17351.76; 599.94 x 71.6125 = 42963.2033 -> 42963.20
    expect(preview.parts.map((part) => part.cost)).toEqual(['17351.76', '42963.20']);
    expect(preview.totalCost).toBe('60314.96');
  });

  it('rounds a share of the open volume down, as the server does', () => {
    const preview = previewShare(draft({ percentage: '10.01' }), [
      aQuotePart({ openVolume: '333.333', limits: { min: '1', max: '333.333' } }),
    ]);
    // 333.333 x 10.01% = 33.3666333 -> 33.366
    expect(preview.parts[0]?.volume).toBe('33.366');
  });

  it('says too low with the allowed range when a part would get less than its minimum', () => {
    const preview = previewShare(draft({ percentage: '5' }), [peak, offPeak]);
    expect(preview.valid).toBe(false);
    expect(preview.totalCost).toBeNull();
    // Peak: 30 MWh < 50; OffPeak: 90 MWh < 100.
    expect(preview.parts.map((part) => part.problem)).toEqual([
      { kind: 'tooLow', min: '50', max: '600' },
      { kind: 'tooLow', min: '100', max: '1800' },
    ]);
  });

  it('checks a volume per part against that part limits, too high included', () => {
    const preview = previewShare(
      draft({ mode: 'volume', volumes: { Peak: '600.001', OffPeak: '100' } }),
      [peak, offPeak],
    );
    expect(preview.parts[0]?.problem).toEqual({ kind: 'tooHigh', min: '50', max: '600' });
    expect(preview.parts[1]?.problem).toBeNull();
    expect(preview.parts[1]?.volume).toBe('100');
    expect(preview.valid).toBe(false);
  });

  it('refuses unreadable input and asks for every part in volume mode', () => {
    expect(previewShare(draft({ percentage: '101' }), [peak]).percentageProblem).toEqual({
      kind: 'invalidPercentage',
    });
    expect(previewShare(draft({ percentage: '0' }), [peak]).percentageProblem).toEqual({
      kind: 'invalidPercentage',
    });
    expect(previewShare(draft({ percentage: '' }), [peak]).percentageProblem).toEqual({
      kind: 'required',
    });
    const volumes = previewShare(draft({ mode: 'volume', volumes: { Peak: '1.2345' } }), [
      peak,
      offPeak,
    ]);
    expect(volumes.parts.map((part) => part.problem)).toEqual([
      { kind: 'invalidVolume' },
      { kind: 'required' },
    ]);
  });

  it('applies runout when less than 1% of the contracted volume would stay open', () => {
    const part = aQuotePart({
      openVolume: '15',
      totalVolume: '1000',
      limits: { min: '1', max: '15' },
    });
    const withRunout = previewShare(
      draft({ mode: 'volume', volumes: { Peak: '10' }, runOut: true }),
      [part],
    );
    expect(withRunout.parts[0]).toMatchObject({ volume: '15', runoutApplied: true });
    const without = previewShare(draft({ mode: 'volume', volumes: { Peak: '10' } }), [part]);
    expect(without.parts[0]).toMatchObject({ volume: '10', runoutApplied: false });
  });

  it('reads a decimal comma', () => {
    expect(normaliseDecimal(' 12,5 ')).toBe('12.5');
  });
});
