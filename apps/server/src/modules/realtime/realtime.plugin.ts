import { defineModule } from '../../kernel/modules';
import { realtimeRoutes } from './realtime.routes';
import { sessionAdminRoutes } from './session-admin.routes';
import { SessionAdminService } from './session-admin.service';

/** The websocket, and the monitor's list of sessions (docs/realtime.md). */
export const realtimeModule = defineModule('realtime', ['auth', 'background-jobs'], async (app) => {
  const { config, deps } = app;
  await app.register(sessionAdminRoutes, {
    sessions: new SessionAdminService({
      db: deps.db,
      bus: deps.bus,
      now: deps.now,
      idleMinutes: config.session.idleMinutes,
      log: app.log,
    }),
    guards: app.guards,
  });
  await app.register(realtimeRoutes, {
    hub: app.realtime,
    websocketUrl: config.web.websocketUrl,
    authenticate: (token) => app.auth.authenticate(token),
  });
});
