import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { WEBHOOK_TEST_EVENT_TYPE, WebhookEventType } from '@klik/api';
import type { Db } from '../../db/database';

/*
 * The webhooks' outbox (docs/webhooks.md). A change writes its event here in its own
 * transaction, one insert whoever is subscribed, so it is delivered if and only if the change
 * committed and a click never waits for an endpoint. The delivery worker (modules/integrations)
 * fans each message out to the endpoints subscribed to it.
 */

export interface WebhookEvent {
  /** Whose event; null: every customer with an endpoint subscribed to it (trading paused). */
  customerId: number | null;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE;
  /** The event's `data` as receivers get it: JSON only, instants as ISO strings. */
  data: Record<string, unknown>;
  at: Date;
  /** A test event goes to this endpoint only. */
  endpointId?: number;
}

/** A new webhook-id: random, so ids reveal nothing about volumes or other customers. */
export function newWebhookMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/** Writes an event in the caller's transaction; answers its webhook-id. */
export async function enqueueWebhook(trx: Db, event: WebhookEvent): Promise<string> {
  const id = newWebhookMessageId();
  await trx
    .insertInto('webhook_messages')
    .values({
      id,
      customer_id: event.customerId,
      endpoint_id: event.endpointId ?? null,
      type: event.type,
      payload: JSON.stringify(event.data),
      created_at: event.at,
    })
    .execute();
  return id;
}

export interface WaitingWebhookMessage {
  seq: string;
  customerId: number | null;
  endpointId: number | null;
  type: string;
}

/**
 * The oldest messages not fanned out yet, locked for the caller's transaction: the worker fans
 * them out and marks them in that one transaction, so each is fanned out once.
 */
export async function waitingWebhookMessages(
  trx: Db,
  limit: number,
): Promise<WaitingWebhookMessage[]> {
  const rows = await trx
    .selectFrom('webhook_messages')
    .select(['seq', 'customer_id', 'endpoint_id', 'type'])
    .where('fanned_out', '=', false)
    .orderBy('seq')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((row) => ({
    seq: row.seq,
    customerId: row.customer_id,
    endpointId: row.endpoint_id,
    type: row.type,
  }));
}

export async function markWebhookMessagesFannedOut(trx: Db, seqs: string[]): Promise<void> {
  if (seqs.length === 0) return;
  await trx
    .updateTable('webhook_messages')
    .set({ fanned_out: true })
    .where('seq', 'in', seqs)
    .execute();
}

/** Whether any message waits to be fanned out (the worker's cheap look before a round). */
export async function hasWaitingWebhookMessages(db: Db): Promise<boolean> {
  const result = await sql<{ waiting: boolean }>`
    select exists (select 1 from webhook_messages where not fanned_out) as waiting`.execute(db);
  return result.rows[0]?.waiting === true;
}

/**
 * Removes messages fanned out before `before` that no delivery refers to any more (their
 * deliveries were pruned, or no endpoint took them); answers how many.
 */
export async function pruneWebhookMessages(trx: Db, before: Date): Promise<number> {
  const result = await sql`
    delete from webhook_messages m
    where m.fanned_out and m.created_at < ${before}
      and not exists (select 1 from webhook_deliveries d where d.message_seq = m.seq)`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
