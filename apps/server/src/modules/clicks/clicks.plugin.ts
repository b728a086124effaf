import { defineModule } from '../../kernel/modules';
import { clicksRoutes } from './clicks.routes';
import { ClicksService } from './clicks.service';

/** The click overview, its counter, exports and results (docs/purchase.md). */
export const clicksModule = defineModule('clicks', ['auth'], async (app) => {
  const { db, now } = app.deps;
  await app.register(clicksRoutes, {
    clicks: new ClicksService({ db, now }),
    guards: app.guards,
    now,
  });
});
