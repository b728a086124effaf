import { sql } from 'kysely';
import type { WebhookDeliveryStatus, WebhookDeliveryView } from '@klik/api';
import type { Db } from '../../db/database';
import type { WaitingWebhookMessage } from '../../kernel/webhooks/enqueue-webhook';

// The deliveries' SQL (docs/webhooks.md): fan-out, the worker's queue, the delivery log.

/**
 * Disables an endpoint that failed for 24 h (not one a user changed meanwhile); answers its
 * customer when it did.
 */
export async function disableFailingEndpoint(
  trx: Db,
  endpointId: number,
  at: Date,
): Promise<number | null> {
  const row = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: 'FAILING', disabled_at: at, updated_at: at })
    .where('id', '=', endpointId)
    .where('enabled', '=', true)
    .returning('customer_id')
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/**
 * One delivery per message and endpoint that takes it: the test event's own endpoint, or every
 * enabled endpoint subscribed to the type, of the message's customer (of every customer when
 * it has none). Done twice, it adds nothing.
 */
export async function fanOut(
  trx: Db,
  messages: readonly WaitingWebhookMessage[],
  at: Date,
): Promise<void> {
  if (messages.length === 0) return;
  const seqs = messages.map((message) => message.seq);
  await sql`
    insert into webhook_deliveries (endpoint_id, message_seq, status, created_at, next_attempt_at)
    select e.id, m.seq, 'pending', m.created_at, ${at}
    from webhook_messages m
    join webhook_endpoints e on (
      case when m.endpoint_id is not null then e.id = m.endpoint_id
      else e.enabled and m.type = any(e.event_types)
        and (m.customer_id is null or e.customer_id = m.customer_id) end)
    where m.seq in (${sql.join(seqs)})
    order by m.seq, e.id
    on conflict (endpoint_id, message_seq) do nothing`.execute(trx);
}

export interface DueDelivery {
  id: string;
  endpointId: number;
  customerId: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  messageId: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
  attempts: number;
  failingSince: Date | null;
}

/**
 * Per enabled endpoint its oldest open delivery, when that is due: a later message waits while
 * an earlier one is retried (order per endpoint). Endpoints with an attempt under way are left
 * out; the longest waiting come first.
 */
export async function dueDeliveries(
  db: Db,
  now: Date,
  busyEndpointIds: readonly number[],
  limit: number,
): Promise<DueDelivery[]> {
  if (limit <= 0) return [];
  const busy = busyEndpointIds.length === 0 ? [0] : busyEndpointIds;
  const result = await sql<{
    id: string;
    endpoint_id: number;
    customer_id: number;
    url: string;
    secret: string;
    previous_secret: string | null;
    previous_secret_until: Date | null;
    message_id: string;
    type: string;
    payload: Record<string, unknown>;
    created_at: Date;
    attempts: number;
    failing_since: Date | null;
  }>`
    select h.id, h.endpoint_id, e.customer_id, e.url, e.secret, e.previous_secret,
      e.previous_secret_until, m.id as message_id, m.type, m.payload, m.created_at, h.attempts,
      h.failing_since
    from (
      select distinct on (d.endpoint_id) d.id, d.endpoint_id, d.message_seq, d.attempts,
        d.failing_since, d.next_attempt_at
      from webhook_deliveries d
      where d.status in ('pending', 'failed')
      order by d.endpoint_id, d.message_seq
    ) h
    join webhook_endpoints e on e.id = h.endpoint_id
    join webhook_messages m on m.seq = h.message_seq
    where e.enabled and h.next_attempt_at <= ${now}
      and h.endpoint_id not in (${sql.join(busy)})
    order by h.next_attempt_at, h.endpoint_id
    limit ${limit}`.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    customerId: row.customer_id,
    url: row.url,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretUntil: row.previous_secret_until,
    messageId: row.message_id,
    type: row.type,
    payload: row.payload,
    createdAt: new Date(row.created_at),
    attempts: row.attempts,
    failingSince: row.failing_since === null ? null : new Date(row.failing_since),
  }));
}

export interface AttemptOutcome {
  at: Date;
  status: Exclude<WebhookDeliveryStatus, 'pending'>;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
  failingSince: Date | null;
  nextAttemptAt: Date | null;
}

export async function recordAttempt(
  db: Db,
  deliveryId: string,
  outcome: AttemptOutcome,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: outcome.status,
      attempts: eb('attempts', '+', 1),
      last_attempt_at: outcome.at,
      last_response_code: outcome.responseCode,
      last_duration_ms: outcome.durationMs,
      last_error: outcome.error,
      failing_since: outcome.failingSince,
      next_attempt_at: outcome.nextAttemptAt,
    }))
    .where('id', '=', deliveryId)
    .execute();
}

/** A delivery of the endpoint by its webhook-id, locked; null when there is none. */
export async function findDelivery(
  trx: Db,
  endpointId: number,
  messageId: string,
): Promise<{ id: string; status: WebhookDeliveryStatus } | null> {
  const row = await trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_messages as m', 'm.seq', 'd.message_seq')
    .select(['d.id', 'd.status'])
    .where('d.endpoint_id', '=', endpointId)
    .where('m.id', '=', messageId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** A replay: the same webhook-id tried again from now, with a fresh 24 hours. */
export async function requeueDelivery(trx: Db, deliveryId: string, at: Date): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: at, failing_since: null })
    .where('id', '=', deliveryId)
    .execute();
}

export async function listDeliveries(
  db: Db,
  endpointId: number,
  query: { page: number; size: number; status?: WebhookDeliveryStatus | undefined },
): Promise<{ rows: WebhookDeliveryView[]; total: number }> {
  let base = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_messages as m', 'm.seq', 'd.message_seq')
    .where('d.endpoint_id', '=', endpointId);
  if (query.status) base = base.where('d.status', '=', query.status);
  const rows = await base
    .select([
      'm.id',
      'm.type',
      'd.created_at',
      'd.status',
      'd.attempts',
      'd.last_attempt_at',
      'd.last_response_code',
      'd.last_duration_ms',
      'd.last_error',
      'd.next_attempt_at',
    ])
    .orderBy('d.message_seq', 'desc')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  const count = await base
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return {
    total: Number(count.total),
    rows: rows.map((row) => ({
      id: row.id,
      eventType: row.type as WebhookDeliveryView['eventType'],
      createdAt: row.created_at.toISOString(),
      status: row.status,
      attempts: row.attempts,
      lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
      lastResponseCode: row.last_response_code,
      lastDurationMs: row.last_duration_ms,
      lastError: row.last_error,
      nextAttemptAt:
        row.status === 'pending' || row.status === 'failed'
          ? (row.next_attempt_at?.toISOString() ?? null)
          : null,
    })),
  };
}

/** The customer's user managers: who hears that an endpoint was disabled. */
export async function userManagersOf(db: Db, customerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_customers as uc', 'uc.user_id', 'u.id')
    .select('u.id')
    .where('uc.customer_id', '=', customerId)
    .where('u.role', '=', 'customer')
    .where('u.manage_users', '=', true)
    .where('u.disabled', '=', false)
    .execute();
  return rows.map((row) => row.id);
}

/** Removes finished deliveries (succeeded, given up) last tried before `before`. */
export async function pruneDeliveries(trx: Db, before: Date): Promise<number> {
  const result = await trx
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['succeeded', 'given_up'])
    .where('last_attempt_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
