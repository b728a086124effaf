import type { Registry } from 'prom-client';
import { createPriceSource } from './modules/market/create-price-source';
import { leaderLockFor } from './kernel/jobs/leader-lock';
import { FeedRunner } from './modules/market/feed-runner';
import { PriceRecorder } from './modules/market/price-recorder';
import { PriceWatch } from './modules/market/price-watch';
import { BudgetWatcher } from './modules/budgets/budget-watcher';
import {
  createHedgePolicyChecks,
  type HedgePolicyChecks,
} from './modules/hedge-policies/hedge-policy-checks';
import { PriceAlertWatcher } from './modules/price-alerts/price-alert-watcher';
import { StandingOrderWatcher } from './modules/standing-orders/standing-order-watcher';
import {
  createDeadlineReminders,
  type DeadlineReminders,
} from './modules/notifications/deadline-reminders';
import { RealtimeHub } from './modules/realtime/realtime-hub';
import { LOCK_KEYS } from './kernel/jobs/lock-keys';
import { defineModule } from './kernel/modules';
import { registerLeadership, registerWebsockets } from './modules/system/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The price recorder every feed writes through, and the timed feed of this instance. */
    market: { recorder: PriceRecorder; feed: FeedRunner };
    /** This instance's websockets: it sends every bus event to the clients that may see it. */
    realtime: RealtimeHub;
    /** Reminds customers of click deadlines that come near; tests run it with tick(). */
    deadlineReminders: DeadlineReminders;
    /** One per watcher (price alerts, budgets, standing orders), by the watcher's name. */
    priceWatches: ReadonlyMap<string, PriceWatch>;
    /** Tells customers whose years fall behind their hedge policy; tests run it with tick(). */
    hedgePolicyChecks: HedgePolicyChecks;
    /** Starts the jobs that run beside requests (the price feed, websocket checks). */
    startBackgroundJobs: () => void;
  }
}

/**
 * What runs beside the requests: the price feed and its recorder, this instance's websockets, the
 * click desk (the purchase's), the notification e-mails (the mail's), the webhook deliveries (the
 * integrations'), the deadline reminders, the
 * hedge policy checks and the price watchers (price alerts, budgets, standing orders). Jobs that
 * must run on one instance only hold a leader lock (kernel/jobs). Registered after the modules
 * whose jobs it starts; the market and realtime modules serve what it builds.
 */
export const backgroundJobs = defineModule<{
  /** GET /metrics, when on: which jobs this instance leads, how many websockets it holds. */
  metrics: Registry | null;
}>('background-jobs', ['mail', 'purchase', 'integrations'], async (app, { metrics }) => {
  const { config, deps, log } = app;
  const flushEvents = () => app.outbox.flush();
  const { desk, service: purchase } = app.purchase;
  const mailWorker = app.mailWorker;
  const webhookWorker = app.webhookWorker;
  const lockFor = (key: bigint, job: string) => leaderLockFor(config.databaseUrl, key, job, log);
  const recorder = new PriceRecorder({
    db: deps.db,
    bus: deps.bus,
    now: deps.now,
    onError: (error) => log.error({ err: error }, 'priceUpdate not published'),
  });
  const feed = new FeedRunner({
    db: deps.db,
    kind: config.market.feed,
    source: createPriceSource(config.market),
    recorder,
    lock: lockFor(LOCK_KEYS.marketFeed, 'market feed'),
    now: deps.now,
    intervalMs: config.market.intervalMs,
    lockRetryMs: config.market.lockRetryMs,
    log,
  });
  const hub = new RealtimeHub({
    db: deps.db,
    bus: deps.bus,
    now: deps.now,
    session: config.session,
    keepAliveMs: config.realtime.keepAliveMs,
    sessionCheckMs: config.realtime.sessionCheckMs,
    log,
  });
  const reminders = createDeadlineReminders({
    config,
    db: deps.db,
    now: deps.now,
    flushEvents,
    log,
  });
  const hedgePolicyChecks = createHedgePolicyChecks({
    config,
    db: deps.db,
    now: deps.now,
    flushEvents,
    log,
  });
  // What acts on every price that enters (modules/market/price-watch.ts), one instance each.
  const budgetWatcher = new BudgetWatcher({ db: deps.db, flushEvents, log });
  const watchers = [
    new PriceAlertWatcher({ db: deps.db, flushEvents }),
    budgetWatcher,
    new StandingOrderWatcher({ db: deps.db, purchase, flushEvents, log }),
  ];
  const priceWatches = new Map(
    watchers.map((watcher) => [
      watcher.name,
      new PriceWatch({
        db: deps.db,
        watcher,
        lock: lockFor(watcher.lockKey, `price watch ${watcher.name}`),
        now: deps.now,
        intervalMs: config.market.watchIntervalMs,
        log,
      }),
    ]),
  );
  let unsubscribe: (() => void)[] = [];
  const leadership = () => [
    { job: 'market feed', leading: feed.leading },
    { job: 'click desk', leading: desk.leading },
    { job: 'mail worker', leading: mailWorker.leading },
    { job: 'webhook worker', leading: webhookWorker.leading },
    { job: 'deadline reminders', leading: reminders.leading },
    { job: 'hedge policy checks', leading: hedgePolicyChecks.leading },
    ...[...priceWatches].map(([name, watch]) => ({
      job: `price watch ${name}`,
      leading: watch.leading,
    })),
  ];
  if (metrics) {
    registerLeadership(metrics, leadership);
    registerWebsockets(metrics, () => hub.connectionCount);
  }
  app.decorate('market', { recorder, feed });
  app.decorate('realtime', hub);
  app.decorate('deadlineReminders', reminders);
  app.decorate('priceWatches', priceWatches);
  app.decorate('hedgePolicyChecks', hedgePolicyChecks);
  app.decorate('startBackgroundJobs', () => {
    feed.start();
    hub.start();
    desk.start();
    mailWorker.start();
    webhookWorker.start();
    reminders.start();
    hedgePolicyChecks.start();
    for (const watch of priceWatches.values()) watch.start();
    unsubscribe = [
      // The instance that leads a watch hears of new prices at once, whoever recorded them.
      deps.bus.subscribe('priceUpdate', () => {
        for (const watch of priceWatches.values()) void watch.tick();
      }),
      // A click moves its contract's budgets at once, not only at the next year price.
      deps.bus.subscribe('clickUpdate', (event) => {
        void budgetWatcher.clicked(event.customerId, event.contractId, deps.now());
      }),
      // Every change that writes a webhook also announces itself (a click, a pause, a
      // notification): the worker's leader looks at once instead of at its next poll.
      ...(['clickUpdate', 'tradingStatusUpdate', 'notificationUpdate'] as const).map((name) =>
        deps.bus.subscribe(name, () => webhookWorker.wake()),
      ),
    ];
    app.outbox.start();
  });
  app.addHook('preClose', async () => {
    for (const stop of unsubscribe) stop();
    unsubscribe = [];
    await feed.stop();
    for (const watch of priceWatches.values()) await watch.stop();
    await desk.stop();
    // A disabled endpoint's notification leaves through the outbox: stop the worker first.
    await webhookWorker.stop();
    // The desk's last transitions' events leave before the outbox stops.
    await app.outbox.stop();
    await mailWorker.stop();
    await reminders.stop();
    await hedgePolicyChecks.stop();
    await hub.close();
  });
});
