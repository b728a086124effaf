import { describe, expect, it } from 'vitest';
import { averagePrice, clickCost, clickPrice, weightedAveragePrice } from './pricing';

describe('click price', () => {
  it('is market price + mark-up + transaction fees, exact', () => {
    expect(clickPrice({ marketPrice: '85.255', markUp: '1.5', transactionFees: '0.0125' })).toBe(
      '86.7675',
    );
    expect(clickPrice({ marketPrice: '0.1', markUp: '0.2', transactionFees: '0' })).toBe('0.3');
    expect(clickPrice({ marketPrice: '-5', markUp: '2', transactionFees: '0.25' })).toBe('-2.75');
  });
});

describe('click cost', () => {
  it('costs each part as volume x price rounded to cents, and totals the parts', () => {
    const cost = clickCost([
      {
        name: 'Peak',
        volume: '10.5',
        marketPrice: '85.255',
        markUp: '1.5',
        transactionFees: '0.0125',
      },
      {
        name: 'OffPeak',
        volume: '20',
        marketPrice: '70.1',
        markUp: '1.5',
        transactionFees: '0.0125',
      },
    ]);
    // 10.5 x 86.7675 = 911.05875 -> 911.06; 20 x 71.6125 = 1432.25.
    expect(cost).toEqual({
      parts: [
        { name: 'Peak', volume: '10.5', price: '86.7675', cost: '911.06' },
        { name: 'OffPeak', volume: '20', price: '71.6125', cost: '1432.25' },
      ],
      totalCost: '2343.31',
    });
  });

  it('rounds half cents up and costs nothing without parts', () => {
    expect(
      clickCost([
        { name: 'Gas', volume: '1', marketPrice: '0.005', markUp: '0', transactionFees: '0' },
      ]).totalCost,
    ).toBe('0.01');
    expect(clickCost([])).toEqual({ parts: [], totalCost: '0.00' });
  });
});

describe('average price of a stored cost and volume', () => {
  it('divides the amount by the volume, rounded half-up to 4 decimals', () => {
    expect(averagePrice({ volume: '400', amount: '26000' })).toBe('65');
    expect(averagePrice({ volume: '3', amount: '5' })).toBe('1.6667');
    expect(averagePrice({ volume: '8', amount: '1.00004' })).toBe('0.125');
    expect(averagePrice({ volume: '2', amount: '0.00025' })).toBe('0.0001');
  });

  it('is null without volume', () => {
    expect(averagePrice({ volume: '0', amount: '0' })).toBeNull();
    expect(averagePrice({ volume: '-1', amount: '5' })).toBeNull();
  });
});

describe('weighted average price', () => {
  it('weights prices by volume and rounds to 4 decimals', () => {
    expect(
      weightedAveragePrice([
        { volume: '100', price: '80' },
        { volume: '300', price: '60' },
      ]),
    ).toBe('65');
    expect(
      weightedAveragePrice([
        { volume: '1', price: '10' },
        { volume: '2', price: '10.00001' },
      ]),
    ).toBe('10');
    expect(
      weightedAveragePrice([
        { volume: '1', price: '1' },
        { volume: '2', price: '2' },
      ]),
    ).toBe('1.6667');
  });

  it('is null without clicked volume', () => {
    expect(weightedAveragePrice([])).toBeNull();
    expect(weightedAveragePrice([{ volume: '0', price: '50' }])).toBeNull();
  });
});
