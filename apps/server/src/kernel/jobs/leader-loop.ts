import type { LeaderLock } from './leader-lock';

/**
 * How often an instance that does not lead a job tries its lock, when the job's own interval is
 * longer: a leader that dies is replaced within this, whatever the job's interval.
 */
export const LEADER_RETRY_MS = 5_000;

/**
 * A job that runs every intervalMs on the one instance holding its lock: one round at a time
 * (a tick during a round answers that round), the lock taken when free and kept, let go on stop.
 * A round that throws is logged and answers `idle`.
 */
export interface LeaderLoopOptions<R> {
  name: string;
  lock: LeaderLock;
  intervalMs: number;
  round: () => Promise<R>;
  idle: () => R;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

export class LeaderLoop<R> {
  #timer: NodeJS.Timeout | null = null;
  #retry: NodeJS.Timeout | null = null;
  #running: Promise<R> | null = null;
  #leading = false;

  constructor(private readonly options: LeaderLoopOptions<R>) {
    options.lock.onLost(() => {
      options.log.error({}, `${options.name} lock lost`);
      this.#leading = false;
    });
  }

  /** Whether this instance holds the job's lock now. */
  get leading(): boolean {
    return this.#leading;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.#timer.unref();
    if (this.options.intervalMs > LEADER_RETRY_MS) {
      this.#retry = setInterval(() => {
        if (!this.#leading) void this.tick();
      }, LEADER_RETRY_MS);
      this.#retry.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#retry) clearInterval(this.#retry);
    this.#timer = null;
    this.#retry = null;
    await this.#running;
    if (this.#leading) {
      this.#leading = false;
      await this.options.lock.release();
    }
  }

  /** One round when this instance leads (taking the lead if free); never throws. */
  tick(): Promise<R> {
    if (this.#running) return this.#running;
    this.#running = this.#tick().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #tick(): Promise<R> {
    const { options } = this;
    try {
      if (!this.#leading) {
        this.#leading = await options.lock.tryAcquire();
        if (!this.#leading) return options.idle();
        options.log.info({}, `this instance runs the ${options.name}`);
      }
      return await options.round();
    } catch (error) {
      options.log.error({ err: error }, `${options.name} round failed`);
      return options.idle();
    }
  }
}

/**
 * A job that runs on the one instance holding its lock, by a LeaderLoop: a job says what one
 * pass does; whether this instance leads it, start, stop and a pass on demand are the same for
 * every job.
 */
export abstract class LeaderJob<R> {
  readonly #loop: LeaderLoop<R>;

  constructor(options: Omit<LeaderLoopOptions<R>, 'round'>) {
    this.#loop = new LeaderLoop({ ...options, round: () => this.pass() });
  }

  /** One pass of the job's work, on the leading instance. */
  protected abstract pass(): Promise<R>;

  /** Whether this instance runs the job now (holds its lock). */
  get leading(): boolean {
    return this.#loop.leading;
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops taking passes; a pass under way finishes first. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** One pass when this instance leads (taking the lead if free); never throws. */
  tick(): Promise<R> {
    return this.#loop.tick();
  }
}
