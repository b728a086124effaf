import { defineModule } from '../../kernel/modules';
import { positionsRoutes } from './positions.routes';
import { PositionsService } from './positions.service';

/** The dashboards' positions (docs/positions.md). */
export const positionsModule = defineModule('positions', ['auth'], async (app) => {
  const { db, now } = app.deps;
  await app.register(positionsRoutes, {
    positions: new PositionsService({ db, now }),
    guards: app.guards,
  });
});
