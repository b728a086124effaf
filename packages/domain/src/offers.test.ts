import { describe, expect, it } from 'vitest';
import type { ContractPartVolumes } from './contract';
import {
  isIceOfferValid,
  isOtcOfferValid,
  partHasOffer,
  statusHasOffers,
  statusHasPrice,
} from './offers';

function part(overrides: Partial<ContractPartVolumes> = {}): ContractPartVolumes {
  return {
    name: 'Peak',
    totalVolume: '100',
    clickedVolume: '0',
    offerPart: { marketPrice: '80.5' },
    iceOfferPart: { marketPrice: null },
    ...overrides,
  };
}

describe('offers', () => {
  it('counts an OTC offer with a null price or a price below 99999999 (exclusive)', () => {
    expect(isOtcOfferValid({ marketPrice: null })).toBe(true);
    expect(isOtcOfferValid({ marketPrice: '99999998.9999' })).toBe(true);
    expect(isOtcOfferValid({ marketPrice: '99999999' })).toBe(false);
    expect(isOtcOfferValid({ marketPrice: '100000000' })).toBe(false);
    expect(isOtcOfferValid(null)).toBe(false);
    expect(isOtcOfferValid(undefined)).toBe(false);
  });

  it('counts an ICE offer when present', () => {
    expect(isIceOfferValid({ marketPrice: null })).toBe(true);
    expect(isIceOfferValid(null)).toBe(false);
  });

  it('checks a part per market', () => {
    expect(partHasOffer(part(), 'OTC')).toBe(true);
    expect(partHasOffer(part({ iceOfferPart: null }), 'ICE')).toBe(false);
  });

  it('offers a position on a market only when every part has an offer there', () => {
    const peak = part();
    const offPeak = part({ name: 'OffPeak', offerPart: null });
    expect(statusHasOffers([peak, offPeak], 'OTC')).toBe(false);
    expect(statusHasOffers([peak, offPeak], 'ICE')).toBe(true);
    expect(statusHasOffers([peak], 'OTC')).toBe(true);
    expect(statusHasOffers([], 'OTC')).toBe(false);
  });

  it('needs an OTC market price on every part for an OTC price, nothing more for ICE', () => {
    expect(statusHasPrice([part(), part({ offerPart: { marketPrice: null } })], 'OTC')).toBe(false);
    expect(statusHasPrice([part({ offerPart: null })], 'OTC')).toBe(false);
    expect(statusHasPrice([part()], 'OTC')).toBe(true);
    expect(statusHasPrice([part({ offerPart: null })], 'ICE')).toBe(true);
  });
});
