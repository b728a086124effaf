import { describe, expect, it } from 'vitest';
import { indexOffers, priceContract } from './contract-pricing';
import type { OfferRow } from './positions.repository';
import type { Position, PreparedContract, PreparedPart } from './prepared-contract';

const gasPart: PreparedPart = {
  name: 'Gas',
  totalVolume: '1000',
  clickedVolume: '0',
  weightedAvgClickPrice: null,
  product: 'TTF_GAS',
  margin: { markUp: '1.5', transactionFee: '0.25' },
};

function position(maturity: 'Q1' | 'Q2'): Position<PreparedPart> {
  return {
    period: { maturity, yearOfSupply: 2027 },
    parts: [gasPart],
    autoclickPercentage: '0',
  };
}

// priceContract reads only the positions of a prepared contract.
const prepared = { positions: [position('Q1'), position('Q2')] } as unknown as PreparedContract;

function offer(maturity: string, market: 'OTC' | 'ICE', price: string): OfferRow {
  return {
    product: 'TTF_GAS',
    yearOfSupply: 2027,
    maturity,
    market,
    price,
    quotedAt: new Date('2026-11-20T10:00:00Z'),
  };
}

describe('pricing a prepared contract', () => {
  it('keeps the rows of offers that did not move, and takes over the positions priced on them', () => {
    const first = indexOffers([
      offer('Q1', 'OTC', '30'),
      offer('Q1', 'ICE', '31'),
      offer('Q2', 'OTC', '32'),
      offer('Q2', 'ICE', '33'),
    ]);
    const tick = indexOffers(
      [
        offer('Q1', 'OTC', '30'),
        offer('Q1', 'ICE', '31'),
        offer('Q2', 'OTC', '32.5'),
        offer('Q2', 'ICE', '33'),
      ],
      first,
    );
    expect(tick.get('TTF_GAS/2027/Q1/OTC')).toBe(first.get('TTF_GAS/2027/Q1/OTC'));
    expect(tick.get('TTF_GAS/2027/Q2/OTC')).not.toBe(first.get('TTF_GAS/2027/Q2/OTC'));

    const before = priceContract(prepared, first);
    const after = priceContract(prepared, tick, before);
    expect(after.positions[0]).toBe(before.positions[0]);
    expect(after.positions[1]).not.toBe(before.positions[1]);
    expect(after.positions[1]?.parts[0]?.offerPart).toEqual({
      marketPrice: '32.5',
      clickPrice: '34.25',
      quotedAt: '2026-11-20T10:00:00.000Z',
    });
    // Another preparation of the contract (its volumes or clicks changed) is priced in full.
    const again = { ...prepared } as PreparedContract;
    expect(priceContract(again, tick, after).positions[0]).not.toBe(after.positions[0]);
  });

  it('a quote time that moves without the price is a new row: the age of a price is shown', () => {
    const first = indexOffers([offer('Q1', 'OTC', '30')]);
    const later = { ...offer('Q1', 'OTC', '30'), quotedAt: new Date('2026-11-20T10:05:00Z') };
    const tick = indexOffers([later], first);
    expect(tick.get('TTF_GAS/2027/Q1/OTC')).toBe(later);
  });
});
