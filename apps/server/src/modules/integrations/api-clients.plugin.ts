import { defineModule } from '../../kernel/modules';
import { machineApiDocument, type OpenApiDocument } from './api-docs';
import { apiClientsRoutes } from './api-clients.routes';
import { ApiClientsService } from './api-clients.service';
import { apiFeedsRoutes } from './api-feeds.routes';
import { ApiFeedsService } from './api-feeds.service';
import { ApiRateLimit } from './api-rate-limit';
import { apiTokensRoutes } from './api-tokens.routes';
import { ApiTokensService } from './api-tokens.service';

/** The machine API's OpenAPI document, beside the portal's at /docs/json. */
export const MACHINE_API_DOCS = '/docs/api';

/**
 * API clients and the machine API (docs/integrations.md): managing a customer's clients, the
 * OAuth token endpoint, and the guard's check of access tokens on the routes that name an
 * apiScope (those of other modules too: the guard is the kernel's, this module only lends it
 * the token check).
 */
export const apiClientsModule = defineModule('api-clients', ['auth'], async (app) => {
  const { db, now } = app.deps;
  const rateLimit = new ApiRateLimit(app.config.apiTokens.rate, now);
  const tokens = new ApiTokensService({ db, now, tokens: app.config.apiTokens, rateLimit });
  app.guards.acceptAccessTokens(tokens);
  await app.register(apiClientsRoutes, {
    clients: new ApiClientsService({ db, now }),
    guards: app.guards,
  });
  await app.register(apiTokensRoutes, { tokens });
  await app.register(apiFeedsRoutes, { feeds: new ApiFeedsService({ db }), guards: app.guards });
  if (app.config.docs) {
    // Built at the first request, when every module has registered its routes.
    let document: OpenApiDocument | null = null;
    app.get(MACHINE_API_DOCS, { schema: { hide: true } }, async () => {
      document ??= machineApiDocument(
        app.swagger() as unknown as OpenApiDocument,
        app.config.apiTokens.issuer,
      );
      return document;
    });
  }
});
