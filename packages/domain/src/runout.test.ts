import { describe, expect, it } from 'vitest';
import { applyRunout, runoutThreshold } from './runout';

describe('runout', () => {
  it('includes a remainder under 1% of the contracted volume in the click', () => {
    expect(
      applyRunout({ contractedVolume: '1000', openVolume: '15', requestedVolume: '10' }),
    ).toEqual({
      ok: true,
      volume: '15',
      runoutApplied: true,
      remainingVolume: '0',
    });
  });

  it('leaves a remainder of exactly 1% or more', () => {
    expect(
      applyRunout({ contractedVolume: '1000', openVolume: '20', requestedVolume: '10' }),
    ).toEqual({
      ok: true,
      volume: '10',
      runoutApplied: false,
      remainingVolume: '10',
    });
  });

  it('needs nothing extra when the click takes all open volume', () => {
    expect(
      applyRunout({ contractedVolume: '1000', openVolume: '15', requestedVolume: '15' }),
    ).toEqual({
      ok: true,
      volume: '15',
      runoutApplied: false,
      remainingVolume: '0',
    });
  });

  it('refuses zero, negative and too large volumes', () => {
    expect(
      applyRunout({ contractedVolume: '1000', openVolume: '15', requestedVolume: '0' }),
    ).toEqual({
      ok: false,
      reason: 'VOLUME_NOT_POSITIVE',
    });
    expect(
      applyRunout({ contractedVolume: '1000', openVolume: '15', requestedVolume: '-1' }),
    ).toEqual({
      ok: false,
      reason: 'VOLUME_NOT_POSITIVE',
    });
    expect(
      applyRunout({ contractedVolume: '1000', openVolume: '15', requestedVolume: '15.001' }),
    ).toEqual({
      ok: false,
      reason: 'VOLUME_EXCEEDS_OPEN',
    });
  });

  it('states the threshold', () => {
    expect(runoutThreshold('1000')).toBe('10');
    expect(runoutThreshold('2345.6')).toBe('23.456');
  });
});
