import { defineModule } from '../../kernel/modules';
import { leaderLockFor } from '../../kernel/jobs/leader-lock';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { machineApiDocument, type OpenApiDocument } from './api-docs';
import { apiClientsRoutes } from './api-clients.routes';
import { ApiClientsService } from './api-clients.service';
import { apiFeedsRoutes } from './api-feeds.routes';
import { ApiFeedsService } from './api-feeds.service';
import { ApiRateLimit } from './api-rate-limit';
import { apiTokensRoutes } from './api-tokens.routes';
import { ApiTokensService } from './api-tokens.service';
import { WebhookWorker } from './webhook-worker';
import { webhooksRoutes } from './webhooks.routes';
import { WebhooksService } from './webhooks.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the webhooks (one instance at a time); tests run it with settle(). */
    webhookWorker: WebhookWorker;
  }
}

/** The machine API's OpenAPI document, beside the portal's at /docs/json. */
export const MACHINE_API_DOCS = '/docs/api';

/**
 * The buyer's own systems connected (issue 30): API clients and the machine API
 * (docs/integrations.md), webhook endpoints and their delivery worker (docs/webhooks.md).
 *
 * The guard's check of access tokens on the routes that name an apiScope is lent to the kernel's
 * guard here (those routes belong to other modules too). The worker is started and stopped by the
 * background jobs; the notifications come first, since a disabled endpoint notifies.
 */
export const integrationsModule = defineModule(
  'integrations',
  ['auth', 'notifications'],
  async (app) => {
    const { config, deps } = app;
    const { db, now } = deps;

    const rateLimit = new ApiRateLimit(config.apiTokens.rate, now);
    const tokens = new ApiTokensService({ db, now, tokens: config.apiTokens, rateLimit });
    app.guards.acceptAccessTokens(tokens);
    await app.register(apiClientsRoutes, {
      clients: new ApiClientsService({ db, now }),
      guards: app.guards,
    });
    await app.register(apiTokensRoutes, { tokens });
    await app.register(apiFeedsRoutes, { feeds: new ApiFeedsService({ db }), guards: app.guards });

    const { encryptionKey, httpsRequired } = config.webhooks;
    app.decorate(
      'webhookWorker',
      new WebhookWorker({
        db,
        now,
        lock: leaderLockFor(config.databaseUrl, LOCK_KEYS.webhookWorker, 'webhook worker', app.log),
        pollMs: config.webhooks.pollMs,
        concurrency: config.webhooks.concurrency,
        attemptTimeoutMs: config.webhooks.attemptTimeoutMs,
        encryptionKey,
        flushEvents: () => app.outbox.flush(),
        log: app.log,
      }),
    );
    await app.register(webhooksRoutes, {
      webhooks: new WebhooksService({ db, now, encryptionKey, httpsRequired }),
      guards: app.guards,
    });

    if (config.docs) {
      // Built at the first request, when every module has registered its routes.
      let document: OpenApiDocument | null = null;
      app.get(MACHINE_API_DOCS, { schema: { hide: true } }, async () => {
        document ??= machineApiDocument(
          app.swagger() as unknown as OpenApiDocument,
          config.apiTokens.issuer,
        );
        return document;
      });
    }
  },
);
