import { describe, expect, it } from 'vitest';
import type { PriceUpdatePayload } from '@klik/api';
import { aContract, aPart, powerParts } from '../../../test/position-builders';
import { applyPriceUpdate } from './apply-prices';
import { statusesOfYear } from './grid-rows';

type Quote = PriceUpdatePayload['prices'][number];

function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    product: 'TTF_GAS',
    yearOfSupply: 2027,
    maturity: 'Q1',
    market: 'OTC',
    price: '36.125',
    at: '2026-11-20T10:15:00.000Z',
    ...overrides,
  };
}

function status(contract: ReturnType<typeof aContract>, year: number, maturity: string) {
  const found = statusesOfYear(contract, year).find((candidate) => candidate.maturity === maturity);
  if (!found) throw new Error(`no status ${maturity} ${year}`);
  return found;
}

describe('a priceUpdate applied to the positions on screen', () => {
  // aPart: OTC market 85.255 -> click 86.7675 (mark-up and fees 1.5125); ICE 84.1 -> 85.6125.
  const gas = aContract();

  it('moves the market price and recomputes the click price with the same mark-up and fees', () => {
    const result = applyPriceUpdate([gas], [quote()]);
    const [updated] = result.contracts;
    const part = status(updated!, 2027, 'Q1').contractParts[0]!;
    expect(part.offerPart).toEqual({
      marketPrice: '36.125',
      clickPrice: '37.6375',
      quotedAt: '2026-11-20T10:15:00.000Z',
    });
    // The ICE offer of the same position was not quoted and stays.
    expect(part.iceOfferPart).toEqual(aPart().iceOfferPart);
    expect(result.moved).toEqual([updated]);
    expect(result.reload).toEqual([]);
  });

  it('reloads a contract when a price reaches a position stored as waiting for one (DC_23)', () => {
    const waiting = aContract({
      status: (maturity, year) =>
        maturity === 'Q1' && year === 2027 ? { clickable: false, disableClickReason: 'DC_23' } : {},
    });
    const result = applyPriceUpdate([waiting], [quote()], new Set(['KL-270001/2027/Q1']));
    expect(result.reload).toEqual([waiting]);
    // Without the stored DC_23 the offer only moves in place.
    expect(applyPriceUpdate([waiting], [quote()]).reload).toEqual([]);
    // A price for another position of a waiting contract does not reload it.
    expect(
      applyPriceUpdate([waiting], [quote({ maturity: 'Q2' })], new Set(['KL-270001/2027/Q1']))
        .reload,
    ).toEqual([]);
  });

  it('moves only the quoted instrument: year, maturity and market', () => {
    const [updated] = applyPriceUpdate([gas], [quote({ market: 'ICE', maturity: 'M2' })]).contracts;
    expect(status(updated!, 2027, 'M2').contractParts[0]!.iceOfferPart?.marketPrice).toBe('36.125');
    expect(status(updated!, 2027, 'M2').contractParts[0]!.iceOfferPart?.clickPrice).toBe('37.6375');
    expect(status(updated!, 2027, 'M2').contractParts[0]!.offerPart).toEqual(aPart().offerPart);
    expect(status(updated!, 2028, 'M2')).toBe(status(gas, 2028, 'M2'));
    expect(status(updated!, 2027, 'M1')).toBe(status(gas, 2027, 'M1'));
  });

  it('is exact in decimals, never a binary float', () => {
    const [updated] = applyPriceUpdate([gas], [quote({ price: '0.1' })]).contracts;
    // 0.1 + 1.5125 as a float would be 1.6124999999999998.
    expect(status(updated!, 2027, 'Q1').contractParts[0]!.offerPart?.clickPrice).toBe('1.6125');
  });

  it('prices each power part from its own product', () => {
    const power = aContract({
      contractId: 'KL-P',
      commodity: 'Power',
      status: () => ({ contractParts: powerParts() }),
    });
    const result = applyPriceUpdate(
      [power],
      [quote({ product: 'NL_POWER_OFFPEAK', maturity: 'Y', price: '71.3' })],
    );
    const [peak, offPeak] = status(result.contracts[0]!, 2027, 'Y').contractParts;
    expect(peak!.offerPart).toEqual(powerParts()[0]!.offerPart);
    // Off-peak: 70.1 -> 71.6125 before, so mark-up and fees 1.5125.
    expect(offPeak!.offerPart).toEqual({
      marketPrice: '71.3',
      clickPrice: '72.8125',
      quotedAt: '2026-11-20T10:15:00.000Z',
    });
  });

  it("moves a part with the market product the server named for it (the product's pricing ID)", () => {
    // This product's Off-peak is priced on Peak: a Peak price moves both parts, Off-peak none.
    const power = aContract({
      contractId: 'KL-G',
      commodity: 'Power',
      product: 'Groene stroom',
      marketProducts: { Peak: 'NL_POWER_PEAK', OffPeak: 'NL_POWER_PEAK' },
      status: () => ({ contractParts: powerParts() }),
    });
    const offPeakQuote = quote({ product: 'NL_POWER_OFFPEAK', maturity: 'Y', price: '71.3' });
    expect(applyPriceUpdate([power], [offPeakQuote]).moved).toEqual([]);
    const result = applyPriceUpdate(
      [power],
      [quote({ product: 'NL_POWER_PEAK', maturity: 'Y', price: '90' })],
    );
    const [peak, offPeak] = status(result.contracts[0]!, 2027, 'Y').contractParts;
    expect([peak!.offerPart?.marketPrice, offPeak!.offerPart?.marketPrice]).toEqual(['90', '90']);
    // Each keeps its own mark-up and fees: Off-peak 1.5125 on top of the Peak price.
    expect(offPeak!.offerPart?.clickPrice).toBe('91.5125');
  });

  it('leaves contracts without that product alone, keeping their identity', () => {
    const result = applyPriceUpdate([gas], [quote({ product: 'NL_POWER_PEAK' })]);
    expect(result.contracts[0]).toBe(gas);
    expect(result.moved).toEqual([]);
    expect(result.reload).toEqual([]);
  });

  it('ignores a quote older than the offer it would replace', () => {
    const result = applyPriceUpdate([gas], [quote({ at: '2026-11-20T08:59:59.000Z' })]);
    expect(result.contracts[0]).toBe(gas);
  });

  it('takes the newest quote of an instrument when an update holds several', () => {
    const [updated] = applyPriceUpdate(
      [gas],
      [
        quote({ price: '37', at: '2026-11-20T10:16:00.000Z' }),
        quote({ price: '36', at: '2026-11-20T10:15:00.000Z' }),
      ],
    ).contracts;
    expect(status(updated!, 2027, 'Q1').contractParts[0]!.offerPart?.marketPrice).toBe('37');
  });

  it('reloads a contract when a price reaches an offer without one (clickability may change)', () => {
    const unpriced = aContract({
      contractId: 'KL-DC23',
      status: () => ({
        clickable: false,
        disableClickReason: 'DC_23',
        contractParts: [
          aPart({ offerPart: { marketPrice: null, clickPrice: null, quotedAt: null } }),
        ],
      }),
    });
    const noOffer = aContract({
      contractId: 'KL-DC22',
      status: () => ({ contractParts: [aPart({ iceOfferPart: null })] }),
    });
    const result = applyPriceUpdate(
      [unpriced, noOffer],
      [quote({ market: 'OTC' }), quote({ market: 'ICE' })],
    );
    expect(result.reload.map((contract) => contract.contractId)).toEqual(['KL-DC23', 'KL-DC22']);
    // What could move in place did move.
    expect(status(result.contracts[1]!, 2027, 'Q1').contractParts[0]!.offerPart?.marketPrice).toBe(
      '36.125',
    );
  });

  it('skips a price that is not a decimal', () => {
    const result = applyPriceUpdate([gas], [quote({ price: '1e3' })]);
    expect(result.contracts[0]).toBe(gas);
  });
});
