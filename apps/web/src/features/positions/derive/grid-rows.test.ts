import { describe, expect, it } from 'vitest';
import { aContract, aPart, powerParts } from '../../../test/position-builders';
import {
  gridMarkets,
  gridPartNames,
  gridRows,
  shownMarket,
  startPurchasePath,
  statusesOfYear,
  yearOffered,
} from './grid-rows';

describe('grid rows', () => {
  it('orders a year as Y, Q1-Q4, M1-M12 and leaves other years out', () => {
    const rows = gridRows(aContract(), 2027, { readOnly: false });
    expect(rows.map((row) => row.maturity)).toEqual([
      'Y',
      'Q1',
      'Q2',
      'Q3',
      'Q4',
      'M1',
      'M2',
      'M3',
      'M4',
      'M5',
      'M6',
      'M7',
      'M8',
      'M9',
      'M10',
      'M11',
      'M12',
    ]);
    expect(rows.every((row) => row.yearOfSupply === 2027)).toBe(true);
  });

  it('links a clickable maturity to its start-purchase screen', () => {
    const [year] = gridRows(aContract({ contractId: 'KL-270009' }), 2028, { readOnly: false });
    expect(year?.action).toEqual({ kind: 'click', href: '/startpurchase/KL-270009/2028/Y' });
    expect(startPurchasePath('KL 1', 2027, 'M3')).toBe('/startpurchase/KL%201/2027/M3');
  });

  it('gives a disabled maturity its reason', () => {
    const contract = aContract({
      status: (maturity) =>
        maturity === 'Q2' ? { clickable: false, disableClickReason: 'DC_21' } : {},
    });
    const q2 = gridRows(contract, 2027, { readOnly: false }).find((row) => row.maturity === 'Q2');
    expect(q2?.action).toEqual({ kind: 'disabled', reason: 'DC_21' });
  });

  it('offers a read-only user nothing to click, even where the data says clickable', () => {
    const rows = gridRows(aContract(), 2027, { readOnly: true });
    expect(rows.every((row) => row.action.kind === 'disabled')).toBe(true);
    expect(rows[0]?.action).toEqual({ kind: 'disabled', reason: 'DC_34' });
  });

  it('marks the maturities the click type does not allow', () => {
    const rows = gridRows(aContract({ clickType: 'QUARTER' }), 2027, { readOnly: false });
    const allowed = rows.filter((row) => row.allowedByClickType).map((row) => row.maturity);
    expect(allowed).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
  });

  it('carries each part with its open volume, market prices and click prices', () => {
    const contract = aContract({
      commodity: 'Power',
      status: () => ({ contractParts: powerParts() }),
    });
    const [year] = gridRows(contract, 2027, { readOnly: false });
    expect(year?.parts).toEqual([
      {
        name: 'Peak',
        openVolume: '600',
        totalVolume: '1000',
        prices: {
          OTC: {
            marketPrice: '85.255',
            clickPrice: '86.7675',
            quotedAt: '2026-11-20T09:00:00.000Z',
          },
          ICE: { marketPrice: '84.1', clickPrice: '85.6125', quotedAt: '2026-11-20T09:00:00.000Z' },
        },
      },
      {
        name: 'OffPeak',
        openVolume: '1800',
        totalVolume: '2000',
        prices: {
          OTC: { marketPrice: '70.1', clickPrice: '71.6125', quotedAt: null },
          ICE: null,
        },
      },
    ]);
    expect(gridPartNames(gridRows(contract, 2027, { readOnly: false }))).toEqual([
      'Peak',
      'OffPeak',
    ]);
  });

  it('reads a price-less OTC offer as no price', () => {
    const contract = aContract({
      status: () => ({
        contractParts: [
          aPart({ offerPart: { marketPrice: null, clickPrice: null, quotedAt: null } }),
        ],
      }),
    });
    expect(gridRows(contract, 2027, { readOnly: false })[0]?.parts[0]?.prices.OTC).toEqual({
      marketPrice: null,
      clickPrice: null,
      quotedAt: null,
    });
  });

  it('calls a year offered only when some maturity of it is clickable', () => {
    const contract = aContract({
      status: (maturity, year) =>
        year === 2028 || maturity !== 'M7' ? { clickable: false, disableClickReason: 'DC_36' } : {},
    });
    expect(yearOffered(contract, 2027)).toBe(true);
    expect(yearOffered(contract, 2028)).toBe(false);
    expect(statusesOfYear(contract, 2029)).toEqual([]);
  });

  it('offers the ICE Endex prices only on a contract that is not OTC only', () => {
    expect(gridMarkets('OTC_ONLY')).toEqual(['OTC']);
    expect(gridMarkets('PRE_EOD')).toEqual(['OTC', 'ICE']);
    expect(gridMarkets('PRE_EOD_AND_OVERNIGHT')).toEqual(['OTC', 'ICE']);
  });

  it("shows the user's market where the contract offers it and OTC otherwise", () => {
    expect(shownMarket(null, ['OTC', 'ICE'])).toBe('OTC');
    expect(shownMarket('ICE', ['OTC', 'ICE'])).toBe('ICE');
    expect(shownMarket('ICE', ['OTC'])).toBe('OTC');
  });

  it('names no part columns for a year without parts', () => {
    const contract = aContract({ status: () => ({ contractParts: [] }) });
    expect(gridPartNames(gridRows(contract, 2027, { readOnly: false }))).toEqual([]);
  });
});
