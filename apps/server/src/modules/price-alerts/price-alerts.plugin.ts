import { defineModule } from '../../kernel/modules';
import { priceAlertsRoutes } from './price-alerts.routes';
import { PriceAlertsService } from './price-alerts.service';

/** Price alerts (docs/price-alerts.md); their watcher runs with the background jobs. */
export const priceAlertsModule = defineModule('price-alerts', ['auth'], async (app) => {
  const { db, now } = app.deps;
  await app.register(priceAlertsRoutes, {
    alerts: new PriceAlertsService({ db, now }),
    guards: app.guards,
  });
});
