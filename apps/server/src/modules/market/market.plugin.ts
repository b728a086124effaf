import { defineModule } from '../../kernel/modules';
import { marketRoutes } from './market.routes';
import { MarketService } from './market.service';

/** Prices: the push endpoint, the history, the board and the feed's health (docs/market.md). */
export const marketModule = defineModule('market', ['auth', 'background-jobs'], async (app) => {
  const { config, deps } = app;
  await app.register(marketRoutes, {
    guards: app.guards,
    market: new MarketService({ db: deps.db, recorder: app.market.recorder, now: deps.now }),
    feed: app.market.feed,
    ingestKey: config.market.ingestKey,
  });
});
