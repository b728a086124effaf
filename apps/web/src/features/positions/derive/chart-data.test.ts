import { describe, expect, it } from 'vitest';
import { aContract, aPart, aSummary, powerParts } from '../../../test/position-builders';
import { curvePrices, forwardCurve } from './forward-curve-data';
import { summaryYears } from './summary-years';

describe('forward curve of a year', () => {
  it('gives one series per part and market with a price, month by month, for that year only', () => {
    const contract = aContract({
      commodity: 'Power',
      yearsOfSupply: [2027, 2028],
      status: (maturity, year) => ({
        contractParts: powerParts().map((part) =>
          year === 2028 ? { ...part, offerPart: { ...part.offerPart!, marketPrice: '90' } } : part,
        ),
      }),
    });
    const curve = forwardCurve(contract, 2028);
    expect(curve.series.map((series) => series.key)).toEqual([
      'Peak_OTC',
      'Peak_ICE',
      'OffPeak_OTC',
    ]);
    expect(curve.points.map((point) => point.maturity)).toEqual(
      Array.from({ length: 12 }, (_, index) => `M${index + 1}`),
    );
    expect(curve.points[0]?.prices).toEqual({
      Peak_OTC: '90',
      Peak_ICE: '84.1',
      OffPeak_OTC: '90',
    });
    expect(forwardCurve(contract, 2027).points[0]?.prices.Peak_OTC).toBe('85.255');
  });

  it('marks the weighted average click price of each part where it has fixed volume', () => {
    const contract = aContract({
      commodity: 'Power',
      yearsOfSupply: [2027],
      status: (maturity) => ({
        contractParts: [
          aPart({
            name: 'Peak',
            clickedVolume: maturity === 'M2' ? '0' : '10',
            weightedAvgClickPrice: maturity === 'M2' ? null : '81.1234',
          }),
          aPart({ name: 'OffPeak', clickedVolume: '0', weightedAvgClickPrice: null }),
        ],
      }),
    });
    const curve = forwardCurve(contract, 2027);
    expect(curve.fixedParts).toEqual(['Peak']);
    expect(curve.points[0]?.fixed).toEqual({ Peak: '81.1234' });
    expect(curve.points[1]?.fixed).toEqual({ Peak: null });
    expect(curvePrices(curve)).toContain('81.1234');
    expect(curvePrices(curve)).not.toContain(null);
  });

  it('uses quarters, then the year, when the months have no prices', () => {
    const unpriced = aPart({
      offerPart: null,
      iceOfferPart: null,
      clickedVolume: '0',
      weightedAvgClickPrice: null,
    });
    const contract = aContract({
      yearsOfSupply: [2027],
      status: (maturity) => (maturity.startsWith('M') ? { contractParts: [unpriced] } : {}),
    });
    expect(forwardCurve(contract, 2027).points.map((point) => point.maturity)).toEqual([
      'Q1',
      'Q2',
      'Q3',
      'Q4',
    ]);
    const yearOnly = aContract({
      yearsOfSupply: [2027],
      status: (maturity) => (maturity === 'Y' ? {} : { contractParts: [unpriced] }),
    });
    expect(forwardCurve(yearOnly, 2027).points).toEqual([
      {
        maturity: 'Y',
        prices: { Gas_OTC: '85.255', Gas_ICE: '84.1' },
        fixed: { Gas: '80.5' },
      },
    ]);
  });

  it('leaves a gap where a market has no price, and is empty without any price', () => {
    const noOtc = aPart({ offerPart: { marketPrice: null, clickPrice: null, quotedAt: null } });
    const contract = aContract({
      yearsOfSupply: [2027],
      status: (maturity) => (maturity === 'M2' ? { contractParts: [noOtc] } : {}),
    });
    const m2 = forwardCurve(contract, 2027).points.find((point) => point.maturity === 'M2');
    expect(m2?.prices).toEqual({ Gas_OTC: null, Gas_ICE: '84.1' });

    const unpriced = aPart({
      offerPart: null,
      iceOfferPart: null,
      clickedVolume: '0',
      weightedAvgClickPrice: null,
    });
    const empty = aContract({ status: () => ({ contractParts: [unpriced] }) });
    expect(forwardCurve(empty, 2027)).toEqual({ series: [], fixedParts: [], points: [] });
    expect(curvePrices(forwardCurve(empty, 2027))).toEqual([]);
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
