import { describe, expect, it } from 'vitest';
import {
  bandwidthFromPercentages,
  budgetBoundCrossed,
  budgetCrossing,
  budgetProblem,
  budgetStanding,
  expectedYearPrice,
} from './budget';

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

describe('expected year price', () => {
  it('weighs the fixed volume at its cost and the open volume at today', () => {
    expect(
      expectedYearPrice([
        { totalVolume: '100', clickedVolume: '40', clickedCost: '2000', clickPrice: '60' },
        { totalVolume: '50', clickedVolume: '0', clickedCost: '0', clickPrice: '70' },
      ]),
    ).toEqual({
      fixedVolume: '40',
      fixedAveragePrice: '50',
      openVolume: '110',
      openAveragePrice: '64.5455',
      expectedPrice: '60.6667',
    });
  });

  it('has no expected price without volume or when open volume has no price today', () => {
    expect(expectedYearPrice([]).expectedPrice).toBeNull();
    const unpriced = expectedYearPrice([
      { totalVolume: '10', clickedVolume: '5', clickedCost: '250', clickPrice: null },
    ]);
    expect(unpriced).toMatchObject({ fixedAveragePrice: '50', openVolume: '5' });
    expect(unpriced.openAveragePrice).toBeNull();
    expect(unpriced.expectedPrice).toBeNull();
    // Fully fixed: no price today is needed.
    const fixed = expectedYearPrice([
      { totalVolume: '10', clickedVolume: '10', clickedCost: '500', clickPrice: null },
    ]);
    expect(fixed).toMatchObject({ openVolume: '0', openAveragePrice: null, expectedPrice: '50' });
  });

  it('counts a part clicked beyond its total as fixed with nothing open', () => {
    expect(
      expectedYearPrice([
        { totalVolume: '10', clickedVolume: '12', clickedCost: '600', clickPrice: '99' },
      ]),
    ).toMatchObject({ fixedVolume: '12', openVolume: '0', expectedPrice: '50' });
  });
});

describe('budget validity and crossings', () => {
  it('needs a positive price inside its bounds', () => {
    expect(budgetProblem(budget)).toBeNull();
    expect(budgetProblem({ budgetPrice: '50', lowerBound: '50', upperBound: '50' })).toBeNull();
    expect(budgetProblem({ budgetPrice: '0', lowerBound: '0', upperBound: '1' })).toBe(
      'PRICE_NOT_POSITIVE',
    );
    expect(budgetProblem({ budgetPrice: '5', lowerBound: '0', upperBound: '6' })).toBe(
      'PRICE_NOT_POSITIVE',
    );
    expect(budgetProblem({ budgetPrice: '50', lowerBound: '51', upperBound: '60' })).toBe(
      'BOUNDS_INVALID',
    );
    expect(budgetProblem({ budgetPrice: '50', lowerBound: '40', upperBound: '49' })).toBe(
      'BOUNDS_INVALID',
    );
  });

  it('speaks once per change of zone', () => {
    expect(budgetCrossing(null, 'ABOVE_UPPER')).toBeNull();
    expect(budgetCrossing('WITHIN', 'WITHIN')).toBeNull();
    expect(budgetCrossing('WITHIN', 'ABOVE_UPPER')).toBe('LEFT_ABOVE');
    expect(budgetCrossing('ABOVE_UPPER', 'BELOW_LOWER')).toBe('LEFT_BELOW');
    expect(budgetCrossing('BELOW_LOWER', 'WITHIN')).toBe('BACK_WITHIN');
  });
});
