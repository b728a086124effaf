import { describe, expect, it } from 'vitest';
import {
  clickedPercentage,
  positionAutoClickPercentage,
  positionClickedPercentage,
  roundPercentage,
  percentageForApi,
  percentagesForApi,
  PERCENTAGE_DECIMALS,
  yearPercentages,
} from './percentages';

describe('clicked percentage', () => {
  it('is clicked / total x 100', () => {
    expect(clickedPercentage('250', '1000')).toBe('25');
    expect(clickedPercentage('1000', '1000')).toBe('100');
    expect(clickedPercentage('0', '1000')).toBe('0');
    expect(clickedPercentage('0.001', '3')).toBe('0.03333333333333333333333333333333333333333');
  });

  it('is 0 when not computable', () => {
    expect(clickedPercentage('0', '0')).toBe('0');
    expect(clickedPercentage('5', '0')).toBe('0');
    expect(clickedPercentage('5', '-1')).toBe('0');
  });

  it('sums the parts of a power position', () => {
    expect(
      positionClickedPercentage([
        { clickedVolume: '40', totalVolume: '100' },
        { clickedVolume: '20', totalVolume: '200' },
      ]),
    ).toBe('20');
  });
});

describe('auto-click percentage', () => {
  it('weights the auto-clicked share of clicked volume by volume', () => {
    // 60 of 300 clicked, 50% of that automatically: 30 of 300 = 10%.
    const parts = [
      { clickedVolume: '40', totalVolume: '100' },
      { clickedVolume: '20', totalVolume: '200' },
    ];
    expect(positionAutoClickPercentage(parts, '50')).toBe('10');
    expect(positionAutoClickPercentage(parts, '0')).toBe('0');
    expect(positionAutoClickPercentage([{ clickedVolume: '0', totalVolume: '0' }], '100')).toBe(
      '0',
    );
  });
});

describe('year percentages', () => {
  it('prefers the year position', () => {
    expect(
      yearPercentages([
        { maturity: 'Y', clickedPercentage: '40', autoClickPercentage: '10' },
        { maturity: 'Q1', clickedPercentage: '100', autoClickPercentage: '0' },
      ]),
    ).toEqual({
      clickPercentage: '40',
      autoClickPercentage: '10',
      manualClickPercentage: '30',
      basis: 'YEAR',
    });
  });

  it('averages quarters over 4, counting a missing quarter as 0', () => {
    expect(
      yearPercentages([
        { maturity: 'Q1', clickedPercentage: '100', autoClickPercentage: '20' },
        { maturity: 'Q2', clickedPercentage: '50', autoClickPercentage: '0' },
        { maturity: 'Q3', clickedPercentage: '0', autoClickPercentage: '0' },
        { maturity: 'M1', clickedPercentage: '100', autoClickPercentage: '100' },
      ]),
    ).toEqual({
      clickPercentage: '37.5',
      autoClickPercentage: '5',
      manualClickPercentage: '32.5',
      basis: 'QUARTER',
    });
  });

  it('averages months over 12', () => {
    const result = yearPercentages([
      { maturity: 'M1', clickedPercentage: '60', autoClickPercentage: '0' },
      { maturity: 'M2', clickedPercentage: '60', autoClickPercentage: '0' },
    ]);
    expect(result.clickPercentage).toBe('10');
    expect(result.basis).toBe('MONTH');
  });

  it('is 0 for a year without positions and never shows negative manual clicks', () => {
    expect(yearPercentages([])).toEqual({
      clickPercentage: '0',
      autoClickPercentage: '0',
      manualClickPercentage: '0',
      basis: null,
    });
    expect(
      yearPercentages([{ maturity: 'Y', clickedPercentage: '10', autoClickPercentage: '10.5' }])
        .manualClickPercentage,
    ).toBe('0');
  });
});

describe('percentage display rounding', () => {
  it('rounds half-up', () => {
    expect(roundPercentage('33.35')).toBe('33.4');
    expect(roundPercentage('33.34')).toBe('33.3');
    expect(roundPercentage('12.345', 2)).toBe('12.35');
    expect(roundPercentage('33.333333333333', 0)).toBe('33');
  });

  it('never shows 100 or 0 for a value strictly in between', () => {
    expect(roundPercentage('99.96')).toBe('99.9');
    expect(roundPercentage('99.95')).toBe('99.9');
    expect(roundPercentage('100')).toBe('100');
    expect(roundPercentage('0.04')).toBe('0.1');
    expect(roundPercentage('0.004', 2)).toBe('0.01');
    expect(roundPercentage('0')).toBe('0');
  });
});

describe('percentages as the API sends them', () => {
  it('are rounded once, half-up, to 4 decimals, keeping partly clicked off 0 and 100', () => {
    expect(PERCENTAGE_DECIMALS).toBe(4);
    expect(percentageForApi(clickedPercentage('130', '240'))).toBe('54.1667');
    expect(percentageForApi(clickedPercentage('1', '3'))).toBe('33.3333');
    expect(percentageForApi('12.34565')).toBe('12.3457');
    expect(percentageForApi('20')).toBe('20');
    expect(percentageForApi('99.99996')).toBe('99.9999');
    expect(percentageForApi('0.00001')).toBe('0.0001');
    expect(percentageForApi('100')).toBe('100');
    expect(percentageForApi('0')).toBe('0');
  });

  it('round every value of a per-year record', () => {
    expect(percentagesForApi({ 2027: '33.333333333', 2028: '0' })).toEqual({
      2027: '33.3333',
      2028: '0',
    });
  });
});
