import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDatabase, type Db } from './db/database';
import { registerApiDocs } from './http/api-docs';
import { registerCompression } from './http/compression';
import { contentSecurityPolicy } from './http/content-security-policy';
import { registerErrorHandler } from './http/error-handler';
import { refuseWhileClosing } from './http/refuse-while-closing';
import { registerNoStore } from './http/no-store';
import { registerXsrf } from './http/xsrf';
import { adminModule } from './modules/admin/admin.plugin';
import { contractsModule } from './modules/contracts/contracts.plugin';
import { createAuthGuards, type AuthGuards } from './modules/auth/auth-guards';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { localeRoutes } from './modules/locale/locale.routes';
import { DevMailOutbox, type MailSender } from './modules/mail/mail-sender';
import { devMailRoutes } from './modules/mail/mail.routes';
import { createMailWorker } from './modules/mail/create-mail-worker';
import { mailOutboxRoutes } from './modules/mail/mail-outbox.routes';
import { marginsRoutes } from './modules/margins/margins.routes';
import type { MailWorker } from './modules/mail/mail-worker';
import { SmtpMailSender } from './modules/mail/smtp-mail-sender';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { PasswordResetService } from './modules/password-reset/password-reset.service';
import type { FeedRunner } from './modules/market/feed-runner';
import { marketRoutes } from './modules/market/market.routes';
import { clicksRoutes } from './modules/clicks/clicks.routes';
import { contractImportRoutes } from './modules/contracts/import.routes';
import { ContractImportService } from './modules/contracts/import.service';
import { clickConfirmationRoutes } from './modules/click-confirmation/click-confirmation.routes';
import { renderClickConfirmation } from './modules/click-confirmation/click-confirmation.service';
import { notificationsModule } from './modules/notifications/notifications.plugin';
import type { ClickDesk } from './modules/purchase/click-desk';
import { purchaseRoutes } from './modules/purchase/purchase.routes';
import { PurchaseService } from './modules/purchase/purchase.service';
import { DevSmsGateway, HttpSmsGateway, type SmsGateway } from './modules/purchase/sms-gateway';
import { accountRoutes } from './modules/account/account.routes';
import { notificationPreferencesRoutes } from './modules/account/notification-preferences.routes';
import { NotificationPreferencesService } from './modules/account/notification-preferences.service';
import { AccountService } from './modules/account/account.service';
import { TotpService } from './modules/account/totp.service';
import { positionsRoutes } from './modules/positions/positions.routes';
import { PositionsService } from './modules/positions/positions.service';
import { multiClickRoutes } from './modules/tpi/multi-click.routes';
import { MultiClickService } from './modules/tpi/multi-click.service';
import { tpiRoutes } from './modules/tpi/tpi.routes';
import { budgetsRoutes } from './modules/budgets/budgets.routes';
import { BudgetsService } from './modules/budgets/budgets.service';
import { hedgePoliciesRoutes } from './modules/hedge-policies/hedge-policies.routes';
import { HedgePoliciesService } from './modules/hedge-policies/hedge-policies.service';
import type { HedgePolicyChecks } from './modules/hedge-policies/hedge-policy-checks';
import { deadlinesRoutes } from './modules/deadlines/deadlines.routes';
import { DeadlinesService } from './modules/deadlines/deadlines.service';
import { DeadlineCalendarService } from './modules/deadlines/deadline-calendar.service';
import { InProcessEventBus, type EventBus } from './modules/realtime/event-bus';
import { EventOutbox } from './modules/realtime/event-outbox';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { eventChannel, RedisEventBus } from './modules/realtime/redis-event-bus';
import { sessionAdminRoutes } from './modules/realtime/session-admin.routes';
import { OidcClients } from './modules/sso/oidc-client';
import { ssoRoutes } from './modules/sso/sso.routes';
import { SsoService } from './modules/sso/sso.service';
import { envRoutes } from './modules/system/env.routes';
import { healthRoutes } from './modules/system/health.routes';
import { devClockRoutes } from './modules/system/dev-clock.routes';
import { registerLeadership, registerMetrics, registerWebsockets } from './modules/system/metrics';
import { tradingRoutes } from './modules/trading/trading.routes';
import { registerSpa } from './modules/web/spa';
import { createBackgroundJobs, type BackgroundJobs } from './background-jobs';
import { priceAlertsRoutes } from './modules/price-alerts/price-alerts.routes';
import { createShiftableClock } from './clock';
import { standingOrdersRoutes } from './modules/standing-orders/standing-orders.routes';
import { StandingOrdersService } from './modules/standing-orders/standing-orders.service';

export interface AppDeps {
  db: Db;
  bus: EventBus;
  /** The clock every expiry and audit time is read from; tests move it forward. */
  now: () => Date;
  /** How a slowed-down sign-in waits; tests record the waits instead of sleeping. */
  delay: (ms: number) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** requireAuth, requireRole and requirePermission for feature routes. */
    guards: AuthGuards;
    /** The price recorder every feed writes through, and the timed feed of this instance. */
    market: { recorder: BackgroundJobs['recorder']; feed: FeedRunner };
    /** This instance's websockets: it sends every bus event to the clients that may see it. */
    realtime: BackgroundJobs['hub'];
    /** Events of committed changes (clicks, pauses) on their way to the bus. */
    outbox: EventOutbox;
    /** The click: quotes and confirmations, and the desk that completes and expires clicks. */
    purchase: { service: PurchaseService; desk: ClickDesk; sms: SmsGateway };
    /** Forgot password, reset links and invitations; tests await its e-mails with idle(). */
    passwordReset: PasswordResetService;
    /** Sends the notification e-mails; tests run its rounds with tick(). */
    mailWorker: MailWorker;
    /** Reminds customers of click deadlines that come near; tests run it with tick(). */
    deadlineReminders: BackgroundJobs['reminders'];
    priceWatches: BackgroundJobs['priceWatches'];
    /** Tells customers whose years fall behind their hedge policy; tests run it with tick(). */
    hedgePolicyChecks: HedgePolicyChecks;
    /** Starts the jobs that run beside requests (the price feed, websocket checks). */
    startBackgroundJobs: () => void;
  }
}

/** Builds the whole server from a validated config; never listens (server.ts does). */
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
        app.log.error({ err: error }, 'idle database connection failed'),
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
  app.addHook('onClose', async () => {
    if (ownsBus) await deps.bus.close();
    if (ownsDb) await deps.db.destroy();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandler(app);

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
  const authService = new AuthService({
    db: deps.db,
    config,
    now: deps.now,
    delay: deps.delay,
    onSessionsEnded: async (sessionIds, reason = 'LOGOUT') => {
      try {
        await deps.bus.publish('terminateSession', { sessionIds, reason });
      } catch (error) {
        // The session is revoked either way; the websocket check closes it later.
        app.log.error({ err: error }, 'terminateSession not published');
      }
    },
  });
  // Sessions ended on any instance (logout, an admin, expiry) leave this instance's session cache.
  const stopForgetting = deps.bus.subscribe('terminateSession', ({ sessionIds }) =>
    authService.forgetSessions(sessionIds),
  );
  app.addHook('onClose', async () => stopForgetting());
  const guards = createAuthGuards(authService);
  app.decorate('guards', guards);

  await app.register(healthRoutes, { db: deps.db, bus: deps.bus, now: deps.now });
  if (config.clockTestControl && !overrides.now) await app.register(devClockRoutes, { clock });
  await app.register(envRoutes, { config });
  await app.register(authRoutes, { auth: authService, guards });
  await app.register(ssoRoutes, {
    sso: new SsoService({
      db: deps.db,
      sso: config.sso,
      clients: new OidcClients(config.sso.redirectUrl),
      auth: authService,
      now: deps.now,
      log: app.log,
    }),
  });
  // SMTP when SMTP_URL is set, else the development outbox (docs/operations.md, "E-mail").
  const smtp = config.mail.smtpUrl
    ? new SmtpMailSender(config.mail.smtpUrl, config.mail.from)
    : null;
  if (smtp) app.addHook('onClose', async () => smtp.close());
  const devMail = new DevMailOutbox(app.log, deps.now, config.mail.logContent);
  const mail: MailSender = smtp ?? devMail;
  const passwordReset = new PasswordResetService({
    db: deps.db,
    now: deps.now,
    mail,
    publicUrl: config.mail.publicUrl,
    endSessions: (sessionIds) => authService.sessionsEnded(sessionIds),
    log: app.log,
  });
  app.decorate('passwordReset', passwordReset);
  app.addHook('preClose', () => passwordReset.idle());
  await app.register(passwordResetRoutes, { resets: passwordReset });
  if (!smtp && config.mail.devOutbox) await app.register(devMailRoutes, { outbox: devMail });
  const mailWorker = createMailWorker({
    config,
    db: deps.db,
    now: deps.now,
    mail,
    smtp: smtp !== null,
    log: app.log,
  });
  app.decorate('mailWorker', mailWorker);
  await app.register(mailOutboxRoutes, { db: deps.db, guards });
  await app.register(marginsRoutes, { db: deps.db, now: deps.now, guards });
  await app.register(adminModule, { auth: authService, config, invitations: passwordReset });
  await app.register(contractsModule);
  await app.register(localeRoutes);
  const outbox = new EventOutbox({ db: deps.db, bus: deps.bus, log: app.log });
  const flushEvents = () => outbox.flush();
  await app.register(tradingRoutes, { db: deps.db, guards, flushEvents, now: deps.now });
  await app.register(contractImportRoutes, {
    imports: new ContractImportService({ db: deps.db, now: deps.now, flushEvents }),
    guards,
  });
  await app.register(positionsRoutes, {
    positions: new PositionsService({ db: deps.db, now: deps.now }),
    guards,
  });
  const devSms =
    config.purchase.sms.gateway === 'dev' ? new DevSmsGateway(app.log, deps.now) : null;
  const sms: SmsGateway =
    devSms ?? new HttpSmsGateway(config.purchase.sms.url ?? '', config.purchase.sms.key);
  const purchase = new PurchaseService({
    db: deps.db,
    now: deps.now,
    flushEvents,
    sms,
    settings: config.purchase,
    totpKey: config.secondFactor.totpKey,
    log: app.log,
  });
  const jobs = createBackgroundJobs({
    config,
    deps,
    flushEvents,
    mailWorker,
    purchase,
    log: app.log,
  });
  const { recorder, feed, hub, desk, reminders, priceWatches, hedgePolicyChecks } = jobs;
  if (metrics) {
    registerLeadership(metrics, jobs.leadership);
    registerWebsockets(metrics, () => hub.connectionCount);
  }
  app.decorate('deadlineReminders', reminders);
  app.decorate('priceWatches', priceWatches);
  app.decorate('hedgePolicyChecks', hedgePolicyChecks);
  app.decorate('market', { recorder, feed });
  app.decorate('realtime', hub);
  app.decorate('outbox', outbox);
  app.decorate('purchase', { service: purchase, desk, sms });
  app.decorate('startBackgroundJobs', () => {
    jobs.start();
    outbox.start();
  });
  app.addHook('preClose', async () => {
    await jobs.stop(() => outbox.stop());
  });
  await app.register(purchaseRoutes, {
    purchase,
    guards,
    devOutbox: devSms && config.purchase.sms.devOutbox ? devSms : null,
    testDesk: config.purchase.deskTestControl ? desk : null,
  });
  await app.register(multiClickRoutes, {
    multiClick: new MultiClickService({ db: deps.db, now: deps.now, purchase, log: app.log }),
    guards,
  });
  await app.register(standingOrdersRoutes, {
    orders: new StandingOrdersService({
      db: deps.db,
      now: deps.now,
      sms,
      totpKey: config.secondFactor.totpKey,
      purchase,
      log: app.log,
    }),
    guards,
  });
  await app.register(clicksRoutes, { db: deps.db, guards, now: deps.now });
  await app.register(priceAlertsRoutes, { db: deps.db, guards, now: deps.now });
  await app.register(tpiRoutes, { db: deps.db, guards, now: deps.now });
  await app.register(budgetsRoutes, {
    budgets: new BudgetsService({ db: deps.db, now: deps.now }),
    guards,
  });
  await app.register(hedgePoliciesRoutes, {
    policies: new HedgePoliciesService({ db: deps.db, now: deps.now }),
    guards,
  });
  await app.register(deadlinesRoutes, {
    deadlines: new DeadlinesService({
      db: deps.db,
      now: deps.now,
      reminderTradingDays: config.deadlineReminders.tradingDays,
    }),
    calendar: new DeadlineCalendarService({
      db: deps.db,
      now: deps.now,
      publicUrl: config.mail.publicUrl,
    }),
    guards,
  });
  await app.register(clickConfirmationRoutes, { db: deps.db, guards, title: config.web.title });
  const account = new AccountService({
    db: deps.db,
    sms,
    now: deps.now,
    idleMinutes: config.session.idleMinutes,
    endSessions: (sessionIds) => authService.sessionsEnded(sessionIds),
    log: app.log,
  });
  await app.register(accountRoutes, {
    guards,
    account,
    totp: new TotpService({
      db: deps.db,
      now: deps.now,
      key: config.secondFactor.totpKey,
      account: (auth) => account.account(auth),
      forgetSessions: (sessionIds) => authService.forgetSessions(sessionIds),
    }),
  });
  await app.register(notificationPreferencesRoutes, {
    guards,
    preferences: new NotificationPreferencesService({ db: deps.db, now: deps.now }),
  });
  await app.register(notificationsModule, {
    config,
    flushEvents,
    renderClickConfirmation: (db, clickId, locale) =>
      renderClickConfirmation(db, clickId, locale, { title: config.web.title }),
  });
  await app.register(marketRoutes, {
    db: deps.db,
    guards,
    recorder,
    feed,
    now: deps.now,
    ingestKey: config.market.ingestKey,
  });
  await app.register(sessionAdminRoutes, {
    db: deps.db,
    bus: deps.bus,
    guards,
    now: deps.now,
    idleMinutes: config.session.idleMinutes,
  });
  await app.register(realtimeRoutes, {
    hub,
    websocketUrl: config.web.websocketUrl,
    authenticate: (token) => authService.authenticate(token),
  });
  await registerSpa(app, config.webDistDir);

  return app;
}
