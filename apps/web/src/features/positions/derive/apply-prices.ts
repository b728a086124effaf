import {
  clickPrice,
  fromDec,
  isDecimalString,
  isOtcOfferValid,
  positionKey,
  toDec,
  type Market,
} from '@klik/domain';
import type { ContractData, ContractPart, PriceUpdatePayload, Status } from '@klik/api';

type Quote = PriceUpdatePayload['prices'][number];
type Offer = NonNullable<ContractPart['offerPart']>;

function instrumentKey(product: string, year: number, maturity: string, market: Market): string {
  return `${product}/${year}/${maturity}/${market}`;
}

/** The newest quote per instrument of an update; on a tie the later one wins, as on the server. */
function latestQuotes(prices: readonly Quote[]): Map<string, Quote> {
  const latest = new Map<string, Quote>();
  for (const quote of prices) {
    if (!isDecimalString(quote.price)) continue;
    const key = instrumentKey(quote.product, quote.yearOfSupply, quote.maturity, quote.market);
    const held = latest.get(key);
    if (!held || Date.parse(quote.at) >= Date.parse(held.at)) latest.set(key, quote);
  }
  return latest;
}

type OfferOutcome = { kind: 'same' } | { kind: 'moved'; offer: Offer } | { kind: 'reload' };

/**
 * A priced offer moves with the market: the new market price, and the click price recomputed with
 * the contract's mark-up and fees as the server applied them (its click price minus its market
 * price). An offer without a price, or none at all, may become clickable when a price arrives;
 * only the server decides that, so the contract is reloaded instead.
 */
function moveOffer(offer: Offer | null, quote: Quote, market: Market): OfferOutcome {
  if (!offer || offer.marketPrice === null || offer.clickPrice === null) return { kind: 'reload' };
  // Offers never move back in time (docs/market.md).
  if (offer.quotedAt !== null && Date.parse(quote.at) < Date.parse(offer.quotedAt)) {
    return { kind: 'same' };
  }
  const marketPrice = fromDec(toDec(quote.price));
  if (market === 'OTC' && !isOtcOfferValid({ marketPrice })) return { kind: 'reload' };
  if (marketPrice === offer.marketPrice && offer.quotedAt === quote.at) return { kind: 'same' };
  const markUpAndFees = fromDec(toDec(offer.clickPrice).minus(toDec(offer.marketPrice)));
  return {
    kind: 'moved',
    offer: {
      marketPrice,
      clickPrice: clickPrice({ marketPrice, markUp: markUpAndFees, transactionFees: '0' }),
      quotedAt: quote.at,
    },
  };
}

export interface PriceUpdateResult {
  /** The contracts after the update; those it did not move keep their identity. */
  contracts: ContractData[];
  /** Contracts whose positions changed in place. */
  moved: ContractData[];
  /** Contracts a price reached where it may change what can be clicked: reload them. */
  reload: ContractData[];
}

/**
 * Applies a priceUpdate to the positions on screen, in place of a reload. A quote reaching a
 * position in `waitingForPrice` (stored DC_23, spec section 4) reloads its contract: that price
 * may be the one the position waited for.
 */
export function applyPriceUpdate(
  contracts: readonly ContractData[],
  prices: readonly Quote[],
  waitingForPrice: ReadonlySet<string> = new Set(),
): PriceUpdateResult {
  const quotes = latestQuotes(prices);
  const moved: ContractData[] = [];
  const reload: ContractData[] = [];
  if (quotes.size === 0) return { contracts: [...contracts], moved, reload };

  const next = contracts.map((contract) => {
    let changed = false;
    let needsReload = false;

    const updateStatus = (status: Status): Status => {
      let statusChanged = false;
      const waiting = waitingForPrice.has(positionKey(contract.contractId, status));
      const contractParts = status.contractParts.map((part) => {
        let updated = part;
        // The server names each part's market product (its pricing ID, docs/margins.md).
        const product = contract.marketProducts[part.name];
        if (!product) return part;
        for (const market of ['OTC', 'ICE'] as const) {
          const quote = quotes.get(
            instrumentKey(product, status.yearOfSupply, status.maturity, market),
          );
          if (!quote) continue;
          if (waiting) needsReload = true;
          const field = market === 'OTC' ? 'offerPart' : 'iceOfferPart';
          const outcome = moveOffer(updated[field], quote, market);
          if (outcome.kind === 'reload') needsReload = true;
          if (outcome.kind === 'moved') updated = { ...updated, [field]: outcome.offer };
        }
        if (updated !== part) statusChanged = true;
        return updated;
      });
      if (!statusChanged) return status;
      changed = true;
      return { ...status, contractParts };
    };

    const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
    const statusPerContract = {
      yearStatuses: yearStatuses.map(updateStatus),
      quarterStatuses: quarterStatuses.map(updateStatus),
      monthStatuses: monthStatuses.map(updateStatus),
    };
    if (needsReload) reload.push(contract);
    if (!changed) return contract;
    const updated = { ...contract, statusPerContract };
    moved.push(updated);
    return updated;
  });

  return { contracts: next, moved, reload };
}
