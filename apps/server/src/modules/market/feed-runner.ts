import type { FeedHealth } from '@klik/api';
import type { MarketFeedKind } from '../../kernel/config/config';
import type { Db } from '../../db/database';
import type { LeaderLock } from '../../kernel/jobs/leader-lock';
import { latestOfferPrices, newestPrice } from './market.repository';
import type { PriceRecorder } from './price-recorder';
import type { PriceSource } from './price-source';

export interface FeedRunnerDeps {
  db: Db;
  kind: MarketFeedKind;
  /** Null when kind is none. */
  source: PriceSource | null;
  recorder: PriceRecorder;
  lock: LeaderLock;
  now: () => Date;
  intervalMs: number;
  lockRetryMs: number;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

/**
 * Runs the timed feed on the one instance that holds the feed lock. Every instance starts a
 * runner; those that do not lead try again every lockRetryMs, so one takes over when the
 * leader stops.
 */
export class FeedRunner {
  #leading = false;
  #started = false;
  #ticking = false;
  #trying: Promise<boolean> | null = null;
  #lastTickAt: Date | null = null;
  #tickTimer: NodeJS.Timeout | null = null;
  #retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: FeedRunnerDeps) {
    deps.lock.onLost(() => {
      deps.log.error({}, 'market feed lock lost; stopped feeding');
      this.#stopLeading();
    });
  }

  get leading(): boolean {
    return this.#leading;
  }

  /** Starts competing for the feed; does nothing when no timed feed is configured. */
  start(): void {
    if (this.#started || this.deps.source === null) return;
    this.#started = true;
    void this.tryLead();
    this.#retryTimer = setInterval(() => {
      if (!this.#leading) void this.tryLead();
    }, this.deps.lockRetryMs);
    this.#retryTimer.unref();
  }

  /** One attempt to take the lead; answers whether this instance leads afterwards. */
  tryLead(): Promise<boolean> {
    // A retry that fires while an attempt is still under way joins it rather than racing it.
    this.#trying ??= this.#tryLead().finally(() => {
      this.#trying = null;
    });
    return this.#trying;
  }

  async #tryLead(): Promise<boolean> {
    const source = this.deps.source;
    if (source === null) return false;
    if (this.#leading) return true;
    let acquired: boolean;
    try {
      acquired = await this.deps.lock.tryAcquire();
    } catch (error) {
      this.deps.log.error({ err: error }, 'market feed lock could not be asked for');
      return false;
    }
    if (!acquired) return false;
    try {
      source.prepare(await latestOfferPrices(this.deps.db));
    } catch (error) {
      this.deps.log.error({ err: error }, 'market feed could not read the latest prices');
      await this.deps.lock.release().catch(() => {});
      return false;
    }
    this.#leading = true;
    this.deps.log.info({ source: this.deps.kind }, 'this instance runs the market feed');
    if (this.#started) {
      this.#tickTimer = setInterval(() => void this.tick(), this.deps.intervalMs);
      this.#tickTimer.unref();
    }
    return true;
  }

  /** One tick of the feed at the clock's instant, when leading; answers how many prices. */
  async tick(): Promise<number> {
    const source = this.deps.source;
    // A slow database must not pile ticks on top of each other.
    if (!this.#leading || source === null || this.#ticking) return 0;
    this.#ticking = true;
    try {
      const at = this.deps.now();
      const quotes = source.tick(at);
      if (quotes.length === 0) return 0;
      await this.deps.recorder.record(quotes, source.origin);
      this.#lastTickAt = at;
      return quotes.length;
    } catch (error) {
      this.deps.log.error({ err: error }, 'market feed tick failed');
      return 0;
    } finally {
      this.#ticking = false;
    }
  }

  #stopLeading(): void {
    this.#leading = false;
    if (this.#tickTimer) clearInterval(this.#tickTimer);
    this.#tickTimer = null;
  }

  /** Stops feeding and frees the lock for another instance. */
  async stop(): Promise<void> {
    this.#started = false;
    if (this.#retryTimer) clearInterval(this.#retryTimer);
    this.#retryTimer = null;
    const wasLeading = this.#leading;
    this.#stopLeading();
    if (wasLeading) await this.deps.lock.release();
  }

  async health(): Promise<FeedHealth> {
    const newest = await newestPrice(this.deps.db);
    return {
      source: this.deps.kind,
      leading: this.#leading,
      intervalMs: this.deps.intervalMs,
      lastTickAt: this.#lastTickAt?.toISOString() ?? null,
      lastPriceAt: newest?.at.toISOString() ?? null,
      lastPriceOrigin: newest?.source ?? null,
    };
  }
}
