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
  start: () => void;
  /** Stops every job; `between` (the event outbox) runs after the desk's last transitions. */
  stop: (between: () => Promise<void>) => Promise<void>;
}

/**
 * What runs beside the requests: the price feed and its recorder, this instance's websockets, the
 * click desk, the notification e-mails and the deadline reminders. Jobs that must run on one
 * instance only hold a PostgreSQL advisory lock (one process on PGlite).
 */
export function createBackgroundJobs(options: {
  config: Config;
  deps: AppDeps;
  flushEvents: () => Promise<void>;
  mailWorker: MailWorker;
  log: FastifyBaseLogger;
}): BackgroundJobs {
  const { config, deps, flushEvents, mailWorker, log } = options;
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
  return {
    recorder,
    feed,
    hub,
    desk,
    reminders,
    start: () => {
      feed.start();
      hub.start();
      desk.start();
      mailWorker.start();
      reminders.start();
    },
    stop: async (between) => {
      await feed.stop();
      await desk.stop();
      await between();
      await mailWorker.stop();
      await reminders.stop();
      await hub.close();
    },
  };
}
