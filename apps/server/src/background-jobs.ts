import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app';
import type { Config } from './config';
import { createPriceSource } from './modules/market/create-price-source';
import {
  MARKET_FEED_LOCK_KEY,
  PgAdvisoryLock,
  SingleProcessLock,
} from './modules/market/feed-lock';
import { FeedRunner } from './modules/market/feed-runner';
import { PriceRecorder } from './modules/market/price-recorder';
import { PriceWatch } from './modules/market/price-watch';
import { BudgetWatcher } from './modules/budgets/budget-watcher';
import {
  createHedgePolicyChecks,
  type HedgePolicyChecks,
} from './modules/hedge-policies/hedge-policy-checks';
import { PriceAlertWatcher } from './modules/price-alerts/price-alert-watcher';
import type { PurchaseService } from './modules/purchase/purchase.service';
import { StandingOrderWatcher } from './modules/standing-orders/standing-order-watcher';
import type { MailWorker } from './modules/mail/mail-worker';
import {
  createDeadlineReminders,
  type DeadlineReminders,
} from './modules/notifications/deadline-reminders';
import { ClickDesk, CLICK_DESK_LOCK_KEY } from './modules/purchase/click-desk';
import { RealtimeHub } from './modules/realtime/realtime-hub';

export interface BackgroundJobs {
  recorder: PriceRecorder;
  feed: FeedRunner;
  hub: RealtimeHub;
  desk: ClickDesk;
  reminders: DeadlineReminders;
  /** One per watcher (price alerts, budgets, standing orders), by the watcher's name. */
  priceWatches: ReadonlyMap<string, PriceWatch>;
  /** Tells customers whose years fall behind their hedge policy. */
  hedgePolicyChecks: HedgePolicyChecks;
  /** Per once-only job, whether this instance runs it now (GET /metrics, klik_job_leader). */
  leadership: () => { job: string; leading: boolean }[];
  start: () => void;
  /** Stops every job; `between` (the event outbox) runs after the desk's last transitions. */
  stop: (between: () => Promise<void>) => Promise<void>;
}

/**
 * What runs beside the requests: the price feed and its recorder, this instance's websockets, the
 * click desk, the notification e-mails, the deadline reminders, the hedge policy checks and the
 * price watchers (price alerts, budgets, standing orders). Jobs that must run on one
 * instance only hold a PostgreSQL advisory lock (one process on PGlite).
 */
export function createBackgroundJobs(options: {
  config: Config;
  deps: AppDeps;
  flushEvents: () => Promise<void>;
  mailWorker: MailWorker;
  /** Standing orders click through it, as a person does. */
  purchase: PurchaseService;
  log: FastifyBaseLogger;
}): BackgroundJobs {
  const { config, deps, flushEvents, mailWorker, purchase, log } = options;
  const lockFor = (key: bigint, what: string) =>
    config.databaseUrl
      ? new PgAdvisoryLock(config.databaseUrl, key, (error) =>
          log.error({ err: error }, `${what} lock connection failed`),
        )
      : new SingleProcessLock();
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
    lock: lockFor(MARKET_FEED_LOCK_KEY, 'market feed'),
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
  const desk = new ClickDesk({
    db: deps.db,
    now: deps.now,
    flushEvents,
    lock: lockFor(CLICK_DESK_LOCK_KEY, 'click desk'),
    completionDelayMs: config.purchase.completionDelayMs,
    completionTimeoutMs: config.purchase.completionTimeoutMs,
    intervalMs: config.purchase.deskIntervalMs,
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
  return {
    recorder,
    feed,
    hub,
    desk,
    reminders,
    priceWatches,
    hedgePolicyChecks,
    leadership: () => [
      { job: 'market feed', leading: feed.leading },
      { job: 'click desk', leading: desk.leading },
      { job: 'mail worker', leading: mailWorker.leading },
      { job: 'deadline reminders', leading: reminders.leading },
      { job: 'hedge policy checks', leading: hedgePolicyChecks.leading },
      ...[...priceWatches].map(([name, watch]) => ({
        job: `price watch ${name}`,
        leading: watch.leading,
      })),
    ],
    start: () => {
      feed.start();
      hub.start();
      desk.start();
      mailWorker.start();
      reminders.start();
      hedgePolicyChecks.start();
      for (const watch of priceWatches.values()) watch.start();
      unsubscribe = [
        // The instance that leads a watch hears of new prices at once, whoever recorded them.
        deps.bus.subscribe('priceUpdate', () => {
          for (const watch of priceWatches.values()) void watch.round();
        }),
        // A click moves its contract's budgets at once, not only at the next year price.
        deps.bus.subscribe('clickUpdate', (event) => {
          void budgetWatcher.clicked(event.customerId, event.contractId, deps.now());
        }),
      ];
    },
    stop: async (between) => {
      for (const stop of unsubscribe) stop();
      unsubscribe = [];
      await feed.stop();
      for (const watch of priceWatches.values()) await watch.stop();
      await desk.stop();
      await between();
      await mailWorker.stop();
      await reminders.stop();
      await hedgePolicyChecks.stop();
      await hub.close();
    },
  };
}
