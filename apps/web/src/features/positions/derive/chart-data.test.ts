import { describe, expect, it } from 'vitest';
import { aContract, aPart, aSummary, powerParts } from '../../../test/position-builders';
import { forwardCurve } from './forward-curve-data';
import { summaryYears } from './summary-years';
import { volumesPerYear } from './volume-chart-data';

describe('clicked versus open volume per year', () => {
  it('sums the parts of the year position exactly', () => {
    const contract = aContract({
      commodity: 'Power',
      yearsOfSupply: [2028, 2027],
      status: (maturity, year) =>
        maturity === 'Y' && year === 2027
          ? {
              contractParts: [
                aPart({
                  name: 'Peak',
                  clickedVolume: '0.1',
                  volumeNotClicked: '0.2',
                  totalVolume: '0.3',
                }),
                aPart({
                  name: 'OffPeak',
                  clickedVolume: '0.2',
                  volumeNotClicked: '999.9',
                  totalVolume: '1000.1',
                }),
              ],
            }
          : { contractParts: powerParts() },
    });
    expect(volumesPerYear(contract)).toEqual([
      { yearOfSupply: 2027, clicked: '0.3', open: '1000.1', total: '1000.4' },
      { yearOfSupply: 2028, clicked: '600', open: '2400', total: '3000' },
    ]);
  });

  it('falls back to the quarters when a year has no year position', () => {
    const contract = aContract({ yearsOfSupply: [2027] });
    contract.statusPerContract.yearStatuses = [];
    // Four quarters of 1200 MWh total, 300 clicked each.
    expect(volumesPerYear(contract)).toEqual([
      { yearOfSupply: 2027, clicked: '1200', open: '3600', total: '4800' },
    ]);
  });
});

describe('forward curve', () => {
  it('gives one series per part and market with a price, month by month across the years', () => {
    const contract = aContract({
      commodity: 'Power',
      yearsOfSupply: [2027, 2028],
      status: () => ({ contractParts: powerParts() }),
    });
    const curve = forwardCurve(contract);
    expect(curve.series.map((series) => series.key)).toEqual([
      'Peak_OTC',
      'Peak_ICE',
      'OffPeak_OTC',
    ]);
    expect(curve.points).toHaveLength(24);
    expect(curve.points[0]).toEqual({
      yearOfSupply: 2027,
      maturity: 'M1',
      prices: { Peak_OTC: '85.255', Peak_ICE: '84.1', OffPeak_OTC: '70.1' },
    });
    expect(curve.points.map((p) => `${p.yearOfSupply}-${p.maturity}`).slice(10, 14)).toEqual([
      '2027-M11',
      '2027-M12',
      '2028-M1',
      '2028-M2',
    ]);
  });

  it('leaves a gap where a market has no price, and is empty without any price', () => {
    const noOtc = aPart({ offerPart: { marketPrice: null, clickPrice: null, quotedAt: null } });
    const contract = aContract({
      yearsOfSupply: [2027],
      status: (maturity) => (maturity === 'M2' ? { contractParts: [noOtc] } : {}),
    });
    const m2 = forwardCurve(contract).points.find((point) => point.maturity === 'M2');
    expect(m2?.prices).toEqual({ Gas_OTC: null, Gas_ICE: '84.1' });

    const unpriced = aPart({ offerPart: null, iceOfferPart: null });
    expect(forwardCurve(aContract({ status: () => ({ contractParts: [unpriced] }) }))).toEqual({
      series: [],
      points: [],
    });
  });
});

describe('summary per year', () => {
  it('lists clicked, manual and auto per year in order, a missing year as 0', () => {
    const summary = aSummary({
      yearsOfSupply: [2029, 2027],
      clickPercentagePerYear: { '2027': '50' },
      manualClickPercentagePerYear: { '2027': '30' },
      autoClickPercentagePerYear: { '2027': '20' },
    });
    expect(summaryYears(summary)).toEqual([
      { yearOfSupply: 2027, clicked: '50', manual: '30', auto: '20' },
      { yearOfSupply: 2029, clicked: '0', manual: '0', auto: '0' },
    ]);
  });
});
