import { defineModule } from '../../kernel/modules';
import { leaderLockFor } from '../../kernel/jobs/leader-lock';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { WebhookWorker } from './webhook-worker';
import { webhooksRoutes } from './webhooks.routes';
import { WebhooksService } from './webhooks.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the webhooks (one instance at a time); tests run it with settle(). */
    webhookWorker: WebhookWorker;
  }
}

/**
 * Webhooks (docs/webhooks.md): the endpoints' calls and the delivery worker, which the background
 * jobs start and stop. The notifications come first: a disabled endpoint notifies.
 */
export const webhooksModule = defineModule('webhooks', ['auth', 'notifications'], async (app) => {
  const { config, deps } = app;
  const { encryptionKey, httpsRequired } = config.webhooks;
  app.decorate(
    'webhookWorker',
    new WebhookWorker({
      db: deps.db,
      now: deps.now,
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
    webhooks: new WebhooksService({ db: deps.db, now: deps.now, encryptionKey, httpsRequired }),
    guards: app.guards,
  });
});
