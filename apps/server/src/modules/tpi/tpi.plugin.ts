import { defineModule } from '../../kernel/modules';
import { multiClickRoutes } from './multi-click.routes';
import { MultiClickService } from './multi-click.service';
import { tpiRoutes } from './tpi.routes';
import { TpiService } from './tpi.service';

/** The TPI consultant's cockpit and multi-click (docs/tpi.md). */
export const tpiModule = defineModule('tpi', ['auth', 'purchase', 'risk'], async (app) => {
  const { db, now } = app.deps;
  await app.register(tpiRoutes, {
    tpi: new TpiService({ db, now, risk: app.risk.service }),
    guards: app.guards,
    now,
  });
  await app.register(multiClickRoutes, {
    multiClick: new MultiClickService({ db, now, purchase: app.purchase.service, log: app.log }),
    guards: app.guards,
  });
});
