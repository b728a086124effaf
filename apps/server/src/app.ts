import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createDatabase } from './db/database';
import type { AppDeps } from './kernel/app-deps';
import { createShiftableClock } from './kernel/clock';
import type { Config } from './kernel/config/config';
import { InProcessEventBus } from './kernel/events/event-bus';
import { EventOutbox } from './kernel/events/event-outbox';
import { eventChannel, RedisEventBus } from './kernel/events/redis-event-bus';
import { registerApiDocs } from './kernel/http/api-docs';
import { registerCompression } from './kernel/http/compression';
import { contentSecurityPolicy } from './kernel/http/content-security-policy';
import { registerErrorHandler } from './kernel/http/error-handler';
import { registerJsonBody } from './kernel/http/json-body';
import { documentPasswordChangeRequired } from './kernel/auth/auth-guards';
import { registerNoStore } from './kernel/http/no-store';
import { refuseWhileClosing } from './kernel/http/refuse-while-closing';
import { registerXsrf } from './kernel/http/xsrf';
import {
  DevSmsGateway,
  HttpSmsGateway,
  type SmsGateway,
} from './kernel/one-time-codes/sms-gateway';
import { backgroundJobs } from './background-jobs';
import { accountModule } from './modules/account/account.plugin';
import { adminModule } from './modules/admin/admin.plugin';
import { authModule } from './modules/auth/auth.plugin';
import { backtestModule } from './modules/backtest/backtest.plugin';
import { budgetsModule } from './modules/budgets/budgets.plugin';
import { clickConfirmationModule } from './modules/click-confirmation/click-confirmation.plugin';
import { renderClickConfirmation } from './modules/click-confirmation/click-confirmation.service';
import { clicksModule } from './modules/clicks/clicks.plugin';
import { contractsModule } from './modules/contracts/contracts.plugin';
import { deadlinesModule } from './modules/deadlines/deadlines.plugin';
import { hedgePoliciesModule } from './modules/hedge-policies/hedge-policies.plugin';
import { localeModule } from './modules/locale/locale.plugin';
import { mailModule } from './modules/mail/mail.plugin';
import { marginsModule } from './modules/margins/margins.plugin';
import { marketModule } from './modules/market/market.plugin';
import { notificationAttachments } from './modules/notifications/notification-attachments';
import { notificationsModule } from './modules/notifications/notifications.plugin';
import { integrationsModule } from './modules/integrations/integrations.plugin';
import { passwordResetModule } from './modules/password-reset/password-reset.plugin';
import { positionsModule } from './modules/positions/positions.plugin';
import { priceAlertsModule } from './modules/price-alerts/price-alerts.plugin';
import { purchaseModule } from './modules/purchase/purchase.plugin';
import { riskModule } from './modules/risk/risk.plugin';
import { realtimeModule } from './modules/realtime/realtime.plugin';
import { ssoModule } from './modules/sso/sso.plugin';
import { standingOrdersModule } from './modules/standing-orders/standing-orders.plugin';
import { registerMetrics } from './modules/system/metrics';
import { systemModule } from './modules/system/system.plugin';
import { tpiModule } from './modules/tpi/tpi.plugin';
import { tradingModule } from './modules/trading/trading.plugin';
import { registerSpa } from './modules/web/spa';

/**
 * Builds the whole server from a validated config; never listens (server.ts does). First the
 * kernel (the database, the bus, the clock, HTTP plumbing, the event outbox and the SMS gateway),
 * then the modules, one line each: a module names the ones it needs (kernel/modules.ts), and
 * Fastify refuses to start if one of them comes later in this list.
 */
export async function buildApp(
  config: Config,
  overrides: Partial<AppDeps> = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // refuseWhileClosing answers in the portal's error shape instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  const ownsDb = overrides.db === undefined;
  const ownsBus = overrides.bus === undefined;
  const onBusError = (error: unknown) => app.log.error({ err: error }, 'event bus error');
  const clock = createShiftableClock(config.clockStart);
  const deps: AppDeps = {
    db:
      overrides.db ??
      (await createDatabase(config, (error) =>
        app.log.error({ err: error }, 'database connection failed'),
      )),
    bus:
      overrides.bus ??
      (config.redisUrl
        ? new RedisEventBus(config.redisUrl, onBusError, eventChannel(config.redisChannelPrefix))
        : new InProcessEventBus(onBusError)),
    now: overrides.now ?? clock.now,
    delay: overrides.delay ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
  app.decorate('deps', deps);
  app.decorate('config', config);
  app.addHook('onClose', async () => {
    if (ownsBus) await deps.bus.close();
    if (ownsDb) await deps.db.destroy();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandler(app);
  registerJsonBody(app);
  documentPasswordChangeRequired(app);

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Same-origin SPA; cross-origin embedding is refused above with frame-ancestors.
    crossOriginEmbedderPolicy: false,
  });
  await registerCompression(app);
  registerNoStore(app);
  registerXsrf(app);
  // After the cookie parser: an answer from onRequest skips the hooks registered after it.
  refuseWhileClosing(app);

  if (config.docs) await registerApiDocs(app);
  const metrics = config.metrics
    ? registerMetrics(app, { ...config.metrics, host: config.host })
    : null;
  // Started and stopped with the background jobs.
  app.decorate('outbox', new EventOutbox({ db: deps.db, bus: deps.bus, log: app.log }));
  const sms: SmsGateway =
    config.purchase.sms.gateway === 'dev'
      ? new DevSmsGateway(app.log, deps.now)
      : new HttpSmsGateway(config.purchase.sms.url ?? '', config.purchase.sms.key);
  app.decorate('sms', sms);

  await app.register(systemModule, {
    clock: config.clockTestControl && !overrides.now ? clock : null,
  });
  await app.register(authModule);
  await app.register(ssoModule);
  await app.register(mailModule, {
    attachments: notificationAttachments(deps.db, config.web.title),
  });
  await app.register(passwordResetModule);
  await app.register(marginsModule);
  await app.register(adminModule);
  await app.register(contractsModule);
  await app.register(localeModule);
  await app.register(tradingModule);
  await app.register(positionsModule);
  await app.register(purchaseModule);
  await app.register(riskModule);
  await app.register(backtestModule);
  await app.register(tpiModule);
  await app.register(standingOrdersModule);
  await app.register(clicksModule);
  await app.register(priceAlertsModule);
  await app.register(budgetsModule);
  await app.register(hedgePoliciesModule);
  await app.register(deadlinesModule);
  await app.register(clickConfirmationModule);
  await app.register(accountModule);
  await app.register(notificationsModule, {
    renderClickConfirmation: (db, clickId, locale) =>
      renderClickConfirmation(db, clickId, locale, { title: config.web.title }),
  });
  await app.register(integrationsModule);
  await app.register(backgroundJobs, { metrics });
  await app.register(marketModule);
  await app.register(realtimeModule);
  await registerSpa(app, config.webDistDir);

  return app;
}
