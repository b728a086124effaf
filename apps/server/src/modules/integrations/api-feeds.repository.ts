import { sql } from 'kysely';
import type { ClickChange } from '@klik/api';
import type { Db } from '../../db/database';

/**
 * The customer's click events after a place in their click ledger (docs/audit-trail.md). The
 * ledger's seq counts the customer's stream in commit order (the trigger takes the stream's head
 * under a row lock), so a cursor on seq never skips an event that committed late, which a cursor
 * on id could. One more than asked is read to tell whether more follow.
 */
export async function clickEventsAfter(
  db: Db,
  customerId: number,
  afterSeq: string,
  size: number,
): Promise<{ changes: ClickChange[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('click_ledger')
    .select(['seq', 'click_id', 'event', 'at', 'facts'])
    .where('stream', '=', `customer:${customerId}`)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(size + 1)
    .execute();
  return {
    changes: rows.slice(0, size).map((row) => ({
      cursor: String(row.seq),
      clickId: row.click_id,
      event: row.event,
      at: new Date(row.at).toISOString(),
      facts: row.facts,
    })),
    hasMore: rows.length > size,
  };
}

interface NotificationEventRow {
  kind: string;
  message_key: string;
  params: Record<string, string | number>;
  publish_date: Date | string;
  click_id: number | null;
  contract_id: string | null;
}

/**
 * The notifications the customer's users received, once per event: every recipient gets a row
 * of their own, the same but for the user (docs/notifications.md). Newest first.
 */
export async function notificationEvents(
  db: Db,
  customerId: number,
  page: { page: number; size: number },
): Promise<{ rows: NotificationEventRow[]; total: number }> {
  const events = db
    .selectFrom('notifications')
    .select(['kind', 'message_key', 'params', 'publish_date', 'click_id', 'contract_id'])
    .where('customer_id', '=', customerId)
    .groupBy(['kind', 'message_key', 'params', 'publish_date', 'click_id', 'contract_id']);
  const rows = await events
    .orderBy('publish_date', 'desc')
    .orderBy('kind')
    .limit(page.size)
    .offset(page.page * page.size)
    .execute();
  const { total } = await db
    .selectFrom(events.as('e'))
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return { rows: rows as NotificationEventRow[], total };
}
