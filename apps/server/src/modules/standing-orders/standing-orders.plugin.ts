import { defineModule } from '../../kernel/modules';
import { standingOrdersRoutes } from './standing-orders.routes';
import { StandingOrdersService } from './standing-orders.service';

/** Standing orders (docs/standing-orders.md); their watcher runs with the background jobs. */
export const standingOrdersModule = defineModule(
  'standing-orders',
  ['auth', 'purchase'],
  async (app) => {
    const { config, deps } = app;
    await app.register(standingOrdersRoutes, {
      orders: new StandingOrdersService({
        db: deps.db,
        now: deps.now,
        sms: app.sms,
        totpKey: config.secondFactor.totpKey,
        purchase: app.purchase.service,
        log: app.log,
      }),
      guards: app.guards,
    });
  },
);
