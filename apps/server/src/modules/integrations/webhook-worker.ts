import type { Db } from '../../db/database';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { LeaderLock } from '../../kernel/jobs/leader-lock';
import { LeaderJob } from '../../kernel/jobs/leader-loop';
import {
  markWebhookMessagesFannedOut,
  pruneWebhookMessages,
  waitingWebhookMessages,
} from '../../kernel/webhooks/enqueue-webhook';
import { notify } from '../notifications/notify';
import {
  disableFailingEndpoint,
  dueDeliveries,
  fanOut,
  pruneDeliveries,
  recordAttempt,
  userManagersOf,
  type AttemptOutcome,
  type DueDelivery,
} from './webhook-deliveries.repository';
import {
  GIVE_UP_AFTER_MS,
  openWebhookSecret,
  retryDelayMs,
  webhookSignature,
} from './webhook-signing';

export interface WebhookWorkerDeps {
  db: Db;
  /** The clock of schedules: retries, the 24 hours (the test clock in tests). */
  now: () => Date;
  /** The real time of a send, for the webhook-timestamp receivers hold against their own clock. */
  wallClock?: () => Date;
  lock: LeaderLock;
  pollMs: number;
  /** Attempts under way at once, each to another endpoint. */
  concurrency: number;
  /** An attempt that has not answered by then counts as failed (timeout). */
  attemptTimeoutMs: number;
  encryptionKey: Buffer | null;
  random?: () => number;
  /** Tells whoever must hear of it after the commit (the notifications' unread counts). */
  flushEvents: () => Promise<void>;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

export interface WebhookRun {
  fannedOut: number;
  started: number;
}

// Messages fanned out per transaction.
const FAN_OUT_BATCH = 500;
// The part of an answer kept in the delivery log.
const SNIPPET_BYTES = 500;
/** How long finished deliveries stay in the log (docs/webhooks.md). */
export const WEBHOOK_RETENTION_MS = 30 * 24 * 60 * 60_000;
// How often the leader prunes the log.
const PRUNE_EVERY_MS = 60 * 60_000;

/** The body of every attempt of a message: the same bytes each time (docs/webhooks.md). */
export function webhookBody(
  delivery: Pick<DueDelivery, 'type' | 'createdAt' | 'customerId' | 'payload'>,
) {
  return JSON.stringify({
    type: delivery.type,
    timestamp: delivery.createdAt.toISOString(),
    customerId: delivery.customerId,
    data: delivery.payload,
  });
}

async function snippetOf(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < SNIPPET_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  void reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8');
}

/**
 * Delivers webhooks on the one instance that holds its lock (docs/webhooks.md): fans new messages
 * out to the subscribed endpoints, then sends each endpoint's oldest open delivery, at most
 * `concurrency` at once and one per endpoint, so a slow endpoint holds only its own slot and a
 * later message never overtakes an earlier one. A result is stored after the attempt: an
 * instance that dies meanwhile leaves the delivery open, and the next leader sends it again
 * (at least once; receivers dedupe by webhook-id).
 */
export class WebhookWorker extends LeaderJob<WebhookRun> {
  readonly #inFlight = new Map<number, Promise<void>>();
  #again = false;
  #prunedAt: number | null = null;

  constructor(private readonly deps: WebhookWorkerDeps) {
    super({
      name: 'webhook worker',
      lock: deps.lock,
      intervalMs: deps.pollMs,
      idle: () => ({ fannedOut: 0, started: 0 }),
      log: deps.log,
    });
  }

  protected async pass(): Promise<WebhookRun> {
    const run: WebhookRun = { fannedOut: 0, started: 0 };
    do {
      this.#again = false;
      run.fannedOut += await this.#fanOut();
      run.started += await this.#dispatch();
    } while (this.#again);
    await this.#prune();
    return run;
  }

  /** Keeps the log to WEBHOOK_RETENTION_MS, once an hour on the leading instance. */
  async #prune(): Promise<void> {
    const now = this.deps.now();
    if (this.#prunedAt !== null && now.getTime() - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = now.getTime();
    const before = new Date(now.getTime() - WEBHOOK_RETENTION_MS);
    await this.deps.db.transaction().execute(async (trx) => {
      await pruneDeliveries(trx, before);
      await pruneWebhookMessages(trx, before);
    });
  }

  override async stop(): Promise<void> {
    await super.stop();
    await Promise.allSettled([...this.#inFlight.values()]);
  }

  /**
   * Something was committed that may have written a webhook: the leading instance looks now
   * rather than at its next poll (another instance leaves it to the leader).
   */
  wake(): void {
    if (!this.leading) return;
    // A pass under way may have read the messages before that commit.
    this.#again = true;
    void this.tick();
  }

  /** Tests and benches: passes until nothing is due and no attempt is under way. */
  async settle(): Promise<void> {
    for (;;) {
      const run = await this.tick();
      if (this.#inFlight.size === 0 && run.started === 0 && run.fannedOut === 0) return;
      await Promise.allSettled([...this.#inFlight.values()]);
    }
  }

  async #fanOut(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.deps.db.transaction().execute(async (trx) => {
        const messages = await waitingWebhookMessages(trx, FAN_OUT_BATCH);
        await fanOut(trx, messages, this.deps.now());
        await markWebhookMessagesFannedOut(
          trx,
          messages.map((message) => message.seq),
        );
        return messages.length;
      });
      total += count;
      if (count < FAN_OUT_BATCH) return total;
    }
  }

  async #dispatch(): Promise<number> {
    const free = this.deps.concurrency - this.#inFlight.size;
    const due = await dueDeliveries(
      this.deps.db,
      this.deps.now(),
      [...this.#inFlight.keys()],
      free,
    );
    for (const delivery of due) {
      const attempt = this.#attempt(delivery)
        .catch((error: unknown) =>
          this.deps.log.error({ err: error, delivery: delivery.id }, 'webhook attempt not stored'),
        )
        .finally(() => {
          this.#inFlight.delete(delivery.endpointId);
          // The endpoint's next message, or another endpoint's, may go now.
          this.#again = true;
          void this.tick();
        });
      this.#inFlight.set(delivery.endpointId, attempt);
    }
    return due.length;
  }

  #secrets(delivery: DueDelivery, at: Date): string[] {
    const { encryptionKey } = this.deps;
    const secrets = [openWebhookSecret(delivery.secret, encryptionKey)];
    if (
      delivery.previousSecret !== null &&
      delivery.previousSecretUntil !== null &&
      delivery.previousSecretUntil > at
    ) {
      secrets.push(openWebhookSecret(delivery.previousSecret, encryptionKey));
    }
    return secrets;
  }

  async #attempt(delivery: DueDelivery): Promise<void> {
    const at = this.deps.now();
    const body = webhookBody(delivery);
    const timestamp = Math.floor((this.deps.wallClock?.() ?? new Date()).getTime() / 1000);
    let signature: string;
    try {
      signature = webhookSignature(
        this.#secrets(delivery, at),
        delivery.messageId,
        timestamp,
        body,
      );
    } catch (cause) {
      // A sealed secret without its key: a failed attempt like any other, retried on schedule
      // (not at once, again and again), and the log says why.
      this.deps.log.error({ err: cause, endpoint: delivery.endpointId }, 'webhook not signed');
      await this.#failed(delivery, {
        at,
        responseCode: null,
        durationMs: 0,
        error: 'not sent: the signing secret cannot be read (WEBHOOK_ENCRYPTION_KEY)',
      });
      return;
    }
    const started = performance.now();
    let responseCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.deps.attemptTimeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Klik-Webhooks/1',
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signature,
        },
        body,
      });
      responseCode = response.status;
      const snippet = await snippetOf(response);
      if (responseCode < 200 || responseCode > 299) error = snippet || null;
    } catch (cause) {
      error =
        cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError')
          ? `timeout after ${this.deps.attemptTimeoutMs} ms`
          : `connection failed: ${connectionError(cause)}`;
    }
    const durationMs = Math.round(performance.now() - started);
    const succeeded = responseCode !== null && responseCode >= 200 && responseCode <= 299;
    if (succeeded) {
      await recordAttempt(this.deps.db, delivery.id, {
        at,
        status: 'succeeded',
        responseCode,
        durationMs,
        error: null,
        failingSince: null,
        nextAttemptAt: null,
      });
      return;
    }
    await this.#failed(delivery, { at, responseCode, durationMs, error });
  }

  async #failed(
    delivery: DueDelivery,
    attempt: Pick<AttemptOutcome, 'at' | 'responseCode' | 'durationMs' | 'error'>,
  ): Promise<void> {
    const { at } = attempt;
    const failingSince = delivery.failingSince ?? at;
    if (at.getTime() - failingSince.getTime() < GIVE_UP_AFTER_MS) {
      const wait = retryDelayMs(delivery.attempts + 1, (this.deps.random ?? Math.random)());
      await recordAttempt(this.deps.db, delivery.id, {
        ...attempt,
        status: 'failed',
        failingSince,
        nextAttemptAt: new Date(at.getTime() + wait),
      });
      return;
    }
    // 24 hours of failures: the endpoint is switched off and its user managers told.
    await this.deps.db.transaction().execute(async (trx) => {
      await recordAttempt(trx, delivery.id, {
        ...attempt,
        status: 'given_up',
        failingSince,
        nextAttemptAt: null,
      });
      const customerId = await disableFailingEndpoint(trx, delivery.endpointId, at);
      if (customerId === null) return;
      await writeAudit(trx, {
        at,
        action: 'webhookEndpoint.disable',
        outcome: 'success',
        subject: `webhookEndpoint:${delivery.endpointId}`,
        details: { reason: 'FAILING', webhookId: delivery.messageId, failingSince },
        customerIds: [customerId],
      });
      await notify(trx, {
        kind: 'WEBHOOK_DISABLED',
        to: { userIds: await userManagersOf(trx, customerId) },
        customerId,
        params: { endpointId: delivery.endpointId, url: delivery.url },
        at,
      });
    });
    this.deps.log.info(
      { endpoint: delivery.endpointId, customer: delivery.customerId },
      'webhook endpoint disabled after 24 hours of failed deliveries',
    );
    await this.deps.flushEvents();
  }
}

/** What a failed fetch says, with the cause Node's fetch hides under "fetch failed". */
function connectionError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? code : cause.message;
  }
  return error.message;
}
