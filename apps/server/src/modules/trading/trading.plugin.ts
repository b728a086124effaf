import { defineModule } from '../../kernel/modules';
import { tradingRoutes } from './trading.routes';
import { TradingService } from './trading.service';

/** The trading status: pausing and resuming clicking for every customer. */
export const tradingModule = defineModule('trading', ['auth'], async (app) => {
  const { db, now } = app.deps;
  await app.register(tradingRoutes, {
    trading: new TradingService({ db, now, flushEvents: () => app.outbox.flush() }),
    guards: app.guards,
  });
});
