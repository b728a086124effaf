import type { ContractPartVolumes, IceOffer, Market, OtcOffer } from './contract';
import { toDec } from './decimal';

/** OTC prices at or above this ceiling (EUR/MWh) mark an offer as not valid. */
export const OTC_PRICE_CEILING = '99999999';

/**
 * Whether an OTC offer counts: it exists and its marketPrice is null or below 99999999
 * (exclusive, so exactly 99999999 does not count).
 */
export function isOtcOfferValid(offer: OtcOffer | null | undefined): boolean {
  if (offer == null) return false;
  return offer.marketPrice === null || toDec(offer.marketPrice).lt(OTC_PRICE_CEILING);
}

/** Whether an ICE offer counts: it exists. */
export function isIceOfferValid(offer: IceOffer | null | undefined): boolean {
  return offer != null;
}

/** Whether one contract part has an offer that counts on the given market. */
export function partHasOffer(part: ContractPartVolumes, market: Market): boolean {
  return market === 'OTC' ? isOtcOfferValid(part.offerPart) : isIceOfferValid(part.iceOfferPart);
}

/**
 * Whether a position is offered on a market: every contract part has an offer that counts there.
 * A position without parts has nothing to offer.
 */
export function statusHasOffers(parts: readonly ContractPartVolumes[], market: Market): boolean {
  return parts.length > 0 && parts.every((part) => partHasOffer(part, market));
}

/**
 * Whether a live price is known for a position on a market. OTC clicks fix at the quoted price,
 * so every part needs a marketPrice; ICE orders fix later at the exchange's settlement or fixing,
 * so an ICE offer is enough.
 */
export function statusHasPrice(parts: readonly ContractPartVolumes[], market: Market): boolean {
  if (market === 'ICE') return true;
  return parts.every((part) => part.offerPart?.marketPrice != null);
}
