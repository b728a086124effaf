import { defineModule } from '../../kernel/modules';
import { OidcClients } from './oidc-client';
import { ssoRoutes } from './sso.routes';
import { SsoService } from './sso.service';

/** Single sign-on with OpenID Connect (docs/security.md, "Single sign-on"). */
export const ssoModule = defineModule('sso', ['auth'], async (app) => {
  const { config, deps } = app;
  await app.register(ssoRoutes, {
    sso: new SsoService({
      db: deps.db,
      sso: config.sso,
      clients: new OidcClients(config.sso.redirectUrl),
      auth: app.auth,
      now: deps.now,
      log: app.log,
    }),
  });
});
