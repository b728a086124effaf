import { defineModule } from '../../kernel/modules';
import { marginsRoutes } from './margins.routes';
import { MarginsService } from './margins.service';

/** managemargins (docs/margins.md). */
export const marginsModule = defineModule('margins', ['auth'], async (app) => {
  const { db, now } = app.deps;
  await app.register(marginsRoutes, {
    margins: new MarginsService({ db, now }),
    guards: app.guards,
  });
});
