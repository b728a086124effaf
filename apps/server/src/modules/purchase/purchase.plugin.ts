import { DevSmsGateway, type SmsGateway } from '../../kernel/one-time-codes/sms-gateway';
import { leaderLockFor } from '../../kernel/jobs/leader-lock';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { defineModule } from '../../kernel/modules';
import { ClickDesk } from './click-desk';
import { purchaseRoutes } from './purchase.routes';
import { PurchaseService } from './purchase.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The click: quotes and confirmations, and the desk that completes and expires clicks. */
    purchase: { service: PurchaseService; desk: ClickDesk; sms: SmsGateway };
  }
}

/** The click (docs/purchase.md): quotes, confirmations, four eyes, and the click desk. */
export const purchaseModule = defineModule('purchase', ['auth'], async (app) => {
  const { config, deps, sms } = app;
  const flushEvents = () => app.outbox.flush();
  const service = new PurchaseService({
    db: deps.db,
    now: deps.now,
    flushEvents,
    sms,
    settings: config.purchase,
    totpKey: config.secondFactor.totpKey,
    log: app.log,
  });
  // Started and stopped with the background jobs (background-jobs.ts).
  const desk = new ClickDesk({
    db: deps.db,
    now: deps.now,
    flushEvents,
    lock: leaderLockFor(config.databaseUrl, LOCK_KEYS.clickDesk, 'click desk', app.log),
    completionDelayMs: config.purchase.completionDelayMs,
    completionTimeoutMs: config.purchase.completionTimeoutMs,
    intervalMs: config.purchase.deskIntervalMs,
    log: app.log,
  });
  app.decorate('purchase', { service, desk, sms });
  await app.register(purchaseRoutes, {
    purchase: service,
    guards: app.guards,
    devOutbox: sms instanceof DevSmsGateway && config.purchase.sms.devOutbox ? sms : null,
    testDesk: config.purchase.deskTestControl ? desk : null,
  });
});
