import { describe, expect, it } from 'vitest';
import { monthlyOpenVolumes, openVolume, splitVolume } from './open-volume';

describe('open volume', () => {
  it('is total minus clicked, never negative', () => {
    expect(openVolume({ totalVolume: '1000', clickedVolume: '250.5' })).toBe('749.5');
    expect(openVolume({ totalVolume: '1000', clickedVolume: '1000' })).toBe('0');
    expect(openVolume({ totalVolume: '1000', clickedVolume: '1000.001' })).toBe('0');
    expect(openVolume({ totalVolume: '0', clickedVolume: '0' })).toBe('0');
  });
});

describe('volume split', () => {
  it('splits equally when the volume divides', () => {
    expect(splitVolume('1200', 12)).toEqual(Array(12).fill('100'));
    expect(splitVolume('300', 3)).toEqual(['100', '100', '100']);
  });

  it('spreads kWh remainders so the shares add up exactly', () => {
    expect(splitVolume('100', 3)).toEqual(['33.333', '33.333', '33.334']);
    expect(splitVolume('0.002', 3)).toEqual(['0', '0.001', '0.001']);
    expect(splitVolume('0.0001', 2)).toEqual(['0', '0.0001']);
  });
});

describe('monthly open volumes', () => {
  it('splits the year over 12 months', () => {
    expect(monthlyOpenVolumes([{ maturity: 'Y', openVolume: '1200' }])).toEqual(
      Array(12).fill('100'),
    );
  });

  it('prefers the year, then the quarter, then the month', () => {
    const months = monthlyOpenVolumes([
      { maturity: 'M1', openVolume: '7' },
      { maturity: 'Q1', openVolume: '300' },
      { maturity: 'M4', openVolume: '40' },
      { maturity: 'Q4', openVolume: '90' },
      { maturity: 'M12', openVolume: '5' },
    ]);
    expect(months).toEqual(['100', '100', '100', '40', '0', '0', '0', '0', '0', '30', '30', '30']);
    const withYear = monthlyOpenVolumes([
      { maturity: 'Q1', openVolume: '300' },
      { maturity: 'Y', openVolume: '24' },
    ]);
    expect(withYear).toEqual(Array(12).fill('2'));
  });

  it('gives 12 zeros without positions', () => {
    expect(monthlyOpenVolumes([])).toEqual(Array(12).fill('0'));
  });
});
