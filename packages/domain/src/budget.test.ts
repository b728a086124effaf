import { describe, expect, it } from 'vitest';
import { bandwidthFromPercentages, budgetBoundCrossed, budgetStanding } from './budget';

const budget = { budgetPrice: '50', lowerBound: '45', upperBound: '52.5' };

describe('budget bandwidth', () => {
  it('builds bounds from percentages', () => {
    expect(bandwidthFromPercentages('50', '10', '5')).toEqual(budget);
  });

  it('places the average price against the band; the bounds themselves are within', () => {
    expect(budgetStanding(budget, '48')).toEqual({
      zone: 'WITHIN',
      deviation: '-2',
      deviationPercentage: '-4',
    });
    expect(budgetStanding(budget, '45').zone).toBe('WITHIN');
    expect(budgetStanding(budget, '52.5').zone).toBe('WITHIN');
    expect(budgetStanding(budget, '44.9999').zone).toBe('BELOW_LOWER');
    expect(budgetStanding(budget, '55')).toEqual({
      zone: 'ABOVE_UPPER',
      deviation: '5',
      deviationPercentage: '10',
    });
  });

  it('has no deviation percentage for a zero budget and refuses inverted bounds', () => {
    expect(
      budgetStanding({ budgetPrice: '0', lowerBound: '-1', upperBound: '1' }, '0.5')
        .deviationPercentage,
    ).toBeNull();
    expect(() =>
      budgetStanding({ budgetPrice: '50', lowerBound: '60', upperBound: '40' }, '50'),
    ).toThrow(RangeError);
  });

  it('reports a bound when the average crosses it', () => {
    expect(budgetBoundCrossed(budget, '50', '53')).toBe('UPPER');
    expect(budgetBoundCrossed(budget, '50', '44')).toBe('LOWER');
    expect(budgetBoundCrossed(budget, '53', '54')).toBeNull();
    expect(budgetBoundCrossed(budget, '53', '50')).toBeNull();
    expect(budgetBoundCrossed(budget, '53', '44')).toBe('LOWER');
    expect(budgetBoundCrossed(budget, null, '53')).toBe('UPPER');
    expect(budgetBoundCrossed(budget, null, '50')).toBeNull();
  });
});
