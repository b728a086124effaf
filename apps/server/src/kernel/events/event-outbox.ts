import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { BusEventName, BusEvents, EventBus } from './event-bus';
import { LOCK_KEYS } from '../jobs/lock-keys';

/**
 * Events that follow a committed change. They are written in the change's own transaction and
 * published from the outbox, so a bus outage delays them but never loses them. Prices and
 * session counts are news of the moment and go to the bus directly.
 */
export type DurableEventName = Extract<
  BusEventName,
  'tradingStatusUpdate' | 'clickUpdate' | 'notificationUpdate'
>;

// Rows published per transaction; a larger backlog is drained in further rounds at once.
const BATCH_SIZE = 100;
const POLL_MS = 1000;
// How soon an instance tries again when another instance was publishing at that moment.
const BUSY_RETRY_MS = 25;

/** Writes an event in the caller's transaction; the relay publishes it once that commits. */
export async function enqueueEvent<N extends DurableEventName>(
  trx: Db,
  name: N,
  payload: BusEvents[N],
): Promise<void> {
  await trx
    .insertInto('event_outbox')
    .values({ name, payload: JSON.stringify(payload) })
    .execute();
}

/** Several events of one kind into the outbox in one statement (an import's many contracts). */
export async function enqueueEvents<N extends DurableEventName>(
  trx: Db,
  name: N,
  payloads: readonly BusEvents[N][],
): Promise<void> {
  if (payloads.length === 0) return;
  await trx
    .insertInto('event_outbox')
    .values(payloads.map((payload) => ({ name, payload: JSON.stringify(payload) })))
    .execute();
}

export interface EventOutboxDeps {
  db: Db;
  bus: EventBus;
  /** How often rows left behind (bus down, another instance crashed) are tried again. */
  pollMs?: number;
  log: {
    error: (details: object, message: string) => void;
    info: (details: object, message: string) => void;
  };
}

type Round = 'done' | 'more' | 'busy' | 'failed';

/**
 * Publishes the outbox, oldest first. Whoever commits an event calls flush() right after the
 * commit, so events normally leave within milliseconds; a timer catches up on the rest. One
 * instance publishes at a time (a transaction-level advisory lock), which keeps the order and
 * publishes each row once; a row is deleted in the transaction that published it. A crash
 * between publishing and that commit publishes the row again later: delivery is at least once,
 * and every durable event is safe to hear twice (reload a contract, show the pause state, set
 * the unread count).
 */
export class EventOutbox {
  #running: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #retry: NodeJS.Timeout | null = null;
  #stopped = false;
  #failing = false;

  constructor(private readonly deps: EventOutboxDeps) {}

  /** Starts the timer that retries what could not be published. */
  start(): void {
    if (this.#timer) return;
    this.#stopped = false;
    this.#timer = setInterval(() => void this.#poll(), this.deps.pollMs ?? POLL_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    if (this.#retry) clearTimeout(this.#retry);
    this.#timer = null;
    this.#retry = null;
    await this.#running;
  }

  /**
   * Publishes every event committed before the call (unless the bus is down or another instance
   * is at it; then soon after). Never throws: the events stay in the outbox.
   */
  flush(): Promise<void> {
    if (this.#running) {
      // The running round may have read the outbox before this caller's commit.
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#drain().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #drain(): Promise<void> {
    let round: Round;
    do {
      this.#again = false;
      round = await this.#round();
    } while (round === 'more' || (round === 'done' && this.#again));
    if (round === 'busy' && !this.#stopped && !this.#retry) {
      this.#retry = setTimeout(() => {
        this.#retry = null;
        void this.flush();
      }, BUSY_RETRY_MS);
      this.#retry.unref();
    }
  }

  async #poll(): Promise<void> {
    try {
      const waiting = await this.deps.db.selectFrom('event_outbox').select('id').limit(1).execute();
      if (waiting.length > 0) await this.flush();
    } catch (error) {
      this.deps.log.error({ err: error }, 'event outbox not readable');
    }
  }

  async #round(): Promise<Round> {
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        // The commit that deletes published rows need not wait for the disk: lost in a crash,
        // they are published again (at least once), and the click's answer does not wait for it.
        const lock = await sql<{ locked: boolean }>`
          select pg_try_advisory_xact_lock(${LOCK_KEYS.eventOutbox.toString()}::bigint) as locked,
            set_config('synchronous_commit', 'off', true) as durability
        `.execute(trx);
        if (lock.rows[0]?.locked !== true) return 'busy';
        const rows = await trx
          .selectFrom('event_outbox')
          .select(['id', 'name', 'payload'])
          .orderBy('id')
          .limit(BATCH_SIZE)
          .execute();
        const published: string[] = [];
        let failed = false;
        for (const row of rows) {
          try {
            await this.deps.bus.publish(
              row.name as DurableEventName,
              row.payload as BusEvents[DurableEventName],
            );
            published.push(row.id);
          } catch (error) {
            this.#reportFailure(error);
            failed = true;
            break;
          }
        }
        if (published.length > 0) {
          await trx.deleteFrom('event_outbox').where('id', 'in', published).execute();
        }
        if (failed) return 'failed';
        if (this.#failing) {
          this.#failing = false;
          this.deps.log.info({}, 'event bus back: the outbox is published again');
        }
        return rows.length === BATCH_SIZE ? 'more' : 'done';
      });
    } catch (error) {
      this.deps.log.error({ err: error }, 'event outbox not published');
      return 'failed';
    }
  }

  #reportFailure(error: unknown): void {
    // One line per outage, not one per retry.
    if (this.#failing) return;
    this.#failing = true;
    this.deps.log.error(
      { err: error },
      'event bus unreachable: events wait in the outbox and follow when it is back',
    );
  }
}
