import { clickPrice, type ContractPartInput, type DecimalString } from '@klik/domain';
import type { OfferRow } from './positions.repository';
import {
  plain,
  type Position,
  type PreparedContract,
  type PreparedPart,
} from './prepared-contract';

/** An offer as the API shows it, and as the domain reads it (marketPrice). */
export interface OfferView {
  marketPrice: DecimalString | null;
  clickPrice: DecimalString | null;
  quotedAt: string | null;
}

export type PricedPart = ContractPartInput & {
  offerPart: OfferView | null;
  iceOfferPart: OfferView | null;
};

/** A priced position, with the offer rows it was priced on (OTC and ICE per part). */
export interface PricedPosition extends Position<PricedPart> {
  sources: readonly (OfferRow | undefined)[];
}

/** A prepared contract with the offers at one stamp of the market's offers. */
export interface PricedContract {
  prepared: PreparedContract;
  positions: PricedPosition[];
}

export type Offers = Map<string, OfferRow>;

function offerKey(product: string, year: number, maturity: string, market: string): string {
  return `${product}/${year}/${maturity}/${market}`;
}

/**
 * Indexes the offers of one reading. An offer whose price and quote time are those of the
 * previous reading keeps its previous row object, so whatever was priced on it can tell by
 * identity that it still holds.
 */
export function indexOffers(offers: readonly OfferRow[], previous?: Offers): Offers {
  const index: Offers = new Map();
  for (const offer of offers) {
    const key = offerKey(offer.product, offer.yearOfSupply, offer.maturity, offer.market);
    const before = previous?.get(key);
    const same =
      before !== undefined &&
      before.price === offer.price &&
      before.quotedAt.getTime() === offer.quotedAt.getTime();
    index.set(key, same ? before : offer);
  }
  return index;
}

function offerView(
  margin: { markUp: DecimalString; transactionFee: DecimalString },
  offer: OfferRow | undefined,
): OfferView | null {
  if (!offer) return null;
  return {
    marketPrice: offer.price === null ? null : plain(offer.price),
    clickPrice:
      offer.price === null
        ? null
        : clickPrice({
            marketPrice: offer.price,
            markUp: margin.markUp,
            transactionFees: margin.transactionFee,
          }),
    quotedAt: offer.quotedAt.toISOString(),
  };
}

function sourcesOf(position: Position<PreparedPart>, offers: Offers): (OfferRow | undefined)[] {
  const { yearOfSupply, maturity } = position.period;
  return position.parts.flatMap(({ product }) =>
    (['OTC', 'ICE'] as const).map((market) =>
      product === undefined
        ? undefined
        : offers.get(offerKey(product, yearOfSupply, maturity, market)),
    ),
  );
}

function sameSources(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((source, index) => source === b[index]);
}

/**
 * Puts the offers on a prepared contract: a lookup per part and market, so a new price costs a
 * contract this and a render, never a new reading of its volumes and clicks. A position whose
 * offers are the very rows of `previous` (same prepared contract) is taken over as it is, so a
 * tick that moves a few prices prices and renders only the positions it moved.
 */
export function priceContract(
  prepared: PreparedContract,
  offers: Offers,
  previous?: PricedContract,
): PricedContract {
  const before = previous?.prepared === prepared ? previous.positions : undefined;
  return {
    prepared,
    positions: prepared.positions.map((position, index) => {
      const sources = sourcesOf(position, offers);
      const kept = before?.[index];
      if (kept && sameSources(kept.sources, sources)) return kept;
      const { period, parts, autoclickPercentage } = position;
      return {
        period,
        autoclickPercentage,
        sources,
        parts: parts.map(({ product: _product, margin, ...part }, partIndex) => ({
          ...part,
          offerPart: offerView(margin, sources[partIndex * 2]),
          iceOfferPart: offerView(margin, sources[partIndex * 2 + 1]),
        })),
      };
    }),
  };
}
