import { createAuthGuards } from '../../kernel/auth/auth-guards';
import { defineModule } from '../../kernel/modules';
import { announceSessionsEnded } from '../../kernel/sessions/sessions-ended';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in, sessions and login-as; the guards ask it who is behind a request. */
    auth: AuthService;
  }
}

/** Signing in and out, sessions, login-as (docs/security.md); the guards every route uses. */
export const authModule = defineModule('auth', [], async (app) => {
  const { config, deps } = app;
  const auth = new AuthService({
    db: deps.db,
    config,
    now: deps.now,
    delay: deps.delay,
    onSessionsEnded: (sessionIds, reason = 'LOGOUT') =>
      announceSessionsEnded(deps.bus, sessionIds, reason, app.log),
  });
  // Sessions ended on any instance (logout, an admin, expiry) leave this instance's session cache.
  const stopForgetting = deps.bus.subscribe('terminateSession', ({ sessionIds }) =>
    auth.forgetSessions(sessionIds),
  );
  app.addHook('onClose', async () => stopForgetting());
  app.decorate('auth', auth);
  app.decorate('guards', createAuthGuards(auth));
  await app.register(authRoutes, { auth, guards: app.guards });
});
