import type { PriceOrigin, PriceQuote } from '@klik/api';
import type { Db } from '../../db/database';
import type { EventBus, PriceTick } from '../../kernel/events/event-bus';
import { insertPrices, plainDecimal, upsertOffers } from './market.repository';

export interface PriceRecorderDeps {
  db: Db;
  bus: EventBus;
  now: () => Date;
  onError: (error: unknown) => void;
}

/**
 * The one way prices enter the portal, whatever the feed: history and offers change together in
 * one transaction (all or nothing), then every instance hears of the change.
 */
export class PriceRecorder {
  constructor(private readonly deps: PriceRecorderDeps) {}

  async record(quotes: readonly PriceQuote[], origin: PriceOrigin): Promise<number> {
    if (quotes.length === 0) return 0;
    await this.deps.db.transaction().execute(async (trx) => {
      await insertPrices(trx, quotes, origin);
      await upsertOffers(trx, quotes);
    });
    const prices: PriceTick[] = quotes.map((quote) => ({
      product: quote.product,
      yearOfSupply: quote.yearOfSupply,
      maturity: quote.maturity,
      market: quote.market,
      price: plainDecimal(quote.price),
      at: new Date(quote.at).toISOString(),
    }));
    try {
      await this.deps.bus.publish('priceUpdate', { at: this.deps.now().toISOString(), prices });
    } catch (error) {
      // The prices are stored; browsers see them on their next load even if this news is lost.
      this.deps.onError(error);
    }
    return quotes.length;
  }
}
