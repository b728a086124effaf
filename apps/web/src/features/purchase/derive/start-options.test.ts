import { describe, expect, it } from 'vitest';
import { aContract, aPart } from '../../../test/position-builders';
import { findStatus, marketsNow, maturityOptions, readPathChoice } from './start-options';

const contract = aContract({
  clickOption: 'PRE_EOD',
  status: (maturity) =>
    maturity === 'Q2' ? { clickable: false, disableClickReason: 'DC_21' } : {},
});
const q1 = findStatus(contract, 2027, 'Q1')!;

describe('start options', () => {
  it('lists every maturity of the year in grid order with its reason', () => {
    const options = maturityOptions(contract, 2027, false);
    expect(options.map((option) => option.maturity).slice(0, 6)).toEqual([
      'Y',
      'Q1',
      'Q2',
      'Q3',
      'Q4',
      'M1',
    ]);
    expect(options.find((option) => option.maturity === 'Q2')).toEqual({
      maturity: 'Q2',
      clickable: false,
      reason: 'DC_21',
    });
    expect(maturityOptions(contract, 2027, true).every((option) => option.reason === 'DC_34')).toBe(
      true,
    );
  });

  it('offers the markets open now with their price source', () => {
    // Friday 11:00 Amsterdam: OTC live and ICE end-of-day; 15:45: only OTC for PRE_EOD.
    expect(marketsNow(contract, q1, new Date('2026-11-20T10:00:00Z'))).toEqual([
      { market: 'OTC', priceSource: 'OTC_LIVE' },
      { market: 'ICE', priceSource: 'ICE_END_OF_DAY' },
    ]);
    expect(marketsNow(contract, q1, new Date('2026-11-20T14:45:00Z'))).toEqual([
      { market: 'OTC', priceSource: 'OTC_LIVE' },
    ]);
  });

  it('offers only markets where every part has a price', () => {
    const status = {
      ...q1,
      contractParts: [aPart({ iceOfferPart: null }), aPart({ name: 'Peak' })],
    };
    expect(marketsNow(contract, status, new Date('2026-11-20T10:00:00Z'))).toEqual([
      { market: 'OTC', priceSource: 'OTC_LIVE' },
    ]);
  });

  it("trusts the server's clickable when this browser's clock finds no session", () => {
    // Saturday by the browser's clock, but the server said clickable: the quote decides.
    expect(marketsNow(contract, q1, new Date('2026-11-21T10:00:00Z'))).toEqual([
      { market: 'OTC', priceSource: null },
      { market: 'ICE', priceSource: null },
    ]);
    const otcOnly = { ...contract, clickOption: 'OTC_ONLY' as const };
    expect(marketsNow(otcOnly, q1, new Date('2026-11-21T10:00:00Z'))).toEqual([
      { market: 'OTC', priceSource: null },
    ]);
  });

  it('reads the path strictly', () => {
    expect(readPathChoice({ contractId: 'KL-1', year: '2027', period: 'Q1' })).toEqual({
      contractId: 'KL-1',
      year: 2027,
      maturity: 'Q1',
    });
    expect(readPathChoice({ contractId: 'KL-1', year: '27', period: 'Q5' })).toEqual({
      contractId: 'KL-1',
      year: null,
      maturity: null,
    });
  });
});
