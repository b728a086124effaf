import { describe, expect, it } from 'vitest';
import type { ContractData } from '@klik/api';
import { aContract, aPart, powerParts } from '../../../test/position-builders';
import { volumesPerMonth, yearTotals } from './monthly-volumes';

function withOnly(contract: ContractData, keep: 'YEAR' | 'QUARTER'): ContractData {
  const { yearStatuses, quarterStatuses } = contract.statusPerContract;
  return {
    ...contract,
    statusPerContract: {
      yearStatuses: keep === 'YEAR' ? yearStatuses : [],
      quarterStatuses: keep === 'QUARTER' ? quarterStatuses : [],
      monthStatuses: [],
    },
  };
}

describe('fixed and open volume per month (12 months)', () => {
  it('takes each month position as it is, summed over the parts', () => {
    const power = aContract({
      commodity: 'Power',
      status: (maturity) =>
        maturity === 'M3'
          ? { contractParts: powerParts().map((part) => ({ ...part, volumeNotClicked: '0' })) }
          : { contractParts: powerParts() },
    });
    const months = volumesPerMonth(power, 2027);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: 1, fixed: '600', open: '2400', total: '3000' });
    expect(months[2]).toEqual({ month: 3, fixed: '600', open: '0', total: '600' });
  });

  it('splits a quarter over its 3 months when the year has nothing finer', () => {
    const quarters = withOnly(
      aContract({
        status: (maturity) => ({
          contractParts: [
            aPart(
              maturity === 'Q1'
                ? { clickedVolume: '50', volumeNotClicked: '100' }
                : { clickedVolume: '0', volumeNotClicked: '0' },
            ),
          ],
        }),
      }),
      'QUARTER',
    );
    const months = volumesPerMonth(quarters, 2027);
    expect(months.map((month) => month.open)).toEqual([
      '33.333',
      '33.333',
      '33.334',
      ...Array(9).fill('0'),
    ]);
    expect(months.map((month) => month.fixed).slice(0, 4)).toEqual([
      '16.666',
      '16.667',
      '16.667',
      '0',
    ]);
    expect(months[0]?.total).toBe('49.999');
    expect(yearTotals(months)).toEqual({ fixed: '50', open: '100', total: '150' });
  });

  it('splits a year over 12 months; a year not supplied is empty', () => {
    const year = withOnly(aContract(), 'YEAR');
    const months = volumesPerMonth(year, 2027);
    expect(months.map((month) => [month.fixed, month.open])).toEqual(Array(12).fill(['25', '75']));
    expect(yearTotals(months)).toEqual({ fixed: '300', open: '900', total: '1200' });
    expect(volumesPerMonth(year, 2030).map((month) => month.total)).toEqual(Array(12).fill('0'));
  });
});
