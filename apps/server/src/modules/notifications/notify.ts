import { sql } from 'kysely';
import type { AttachmentKind, NotificationKind } from '@klik/api';
import type { Db } from '../../db/database';
import { queueNotificationMails } from '../mail/mail.service';
import { enqueueEvent } from '../../kernel/events/event-outbox';

/** Who hears of it. Disabled users never do. */
export type Recipients =
  /** Every user of the customer, and maybe others (e.g. the click's creator, no longer linked). */
  | { customerId: number; alsoUserIds?: readonly number[] }
  /** Every user of any of these customers, once each. */
  | { customerIds: readonly number[] }
  | { userIds: readonly number[] }
  /** Every active user, staff included (a pause, the default terms, an announcement to all). */
  | { everyone: true };

export interface NewNotification {
  kind: NotificationKind;
  to: Recipients;
  at: Date;
  /** Fill the catalogue message notification.<kind> (decimals as strings). */
  params?: Record<string, string | number>;
  /** The customer it is about, if one. */
  customerId?: number | null;
  clickId?: number | null;
  /** The contract's own id (contracts.contract_id). */
  contractId?: string | null;
  announcementId?: number | null;
  attachment?: { kind: AttachmentKind; ref: number } | null;
}

/** The catalogue key of a kind's message (packages/api NotificationSchema.localeId). */
export function messageKeyOf(kind: NotificationKind): string {
  return `notification.${kind}`;
}

// One outbox row per this many recipients, so a notification to everyone stays small rows.
const EVENT_CHUNK = 500;

function audience(to: Recipients) {
  if ('everyone' in to) return sql`select u.id from users u where not u.disabled`;
  if ('userIds' in to) {
    if (to.userIds.length === 0) return null;
    return sql`select u.id from users u where not u.disabled and u.id in (${sql.join([...new Set(to.userIds)])})`;
  }
  const customerIds = 'customerIds' in to ? [...new Set(to.customerIds)] : [to.customerId];
  const extra = 'customerId' in to ? [...new Set(to.alsoUserIds ?? [])] : [];
  if (customerIds.length === 0 && extra.length === 0) return null;
  const linked =
    customerIds.length > 0
      ? sql`u.id in (select uc.user_id from user_customers uc where uc.customer_id in (${sql.join(customerIds)}))`
      : sql`false`;
  return sql`select u.id from users u where not u.disabled and (${linked}
    ${extra.length > 0 ? sql`or u.id in (${sql.join(extra)})` : sql``})`;
}

/**
 * Writes one notification per recipient in the caller's transaction, so a change and the word of
 * it are stored together, and queues the notificationUpdate (the new unread count) for each
 * recipient's open browsers in the event outbox. The caller flushes the outbox after its commit.
 * Every source (clicks, pause, terms, announcements, and later deadlines, price alerts and
 * budgets) comes through here. Answers the new notifications' ids.
 */
export async function notify(trx: Db, notification: NewNotification): Promise<number[]> {
  const users = audience(notification.to);
  if (!users) return [];
  const result = await sql<{ id: string; user_id: number }>`
    insert into notifications (user_id, customer_id, kind, message_key, params, publish_date,
      click_id, contract_id, announcement_id, attachment_kind, attachment_ref)
    select r.id, ${notification.customerId ?? null}, ${notification.kind},
      ${messageKeyOf(notification.kind)}, ${JSON.stringify(notification.params ?? {})}::jsonb,
      ${notification.at}, ${notification.clickId ?? null}, ${notification.contractId ?? null},
      ${notification.announcementId ?? null}, ${notification.attachment?.kind ?? null},
      ${notification.attachment?.ref ?? null}
    from (${users}) r
    returning id, user_id`.execute(trx);
  const rows = result.rows;
  if (rows.length === 0) return [];

  // The e-mails of those who want this kind by e-mail, in this same transaction, so a
  // notification and its e-mail are stored together or not at all (docs/notifications.md).
  await queueNotificationMails(
    trx,
    rows.map((row) => Number(row.id)),
  );

  await queueUnreadCounts(
    trx,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) => Number(row.id));
}

/** Queues each user's current unread count for their browsers (the bell), in the transaction. */
export async function queueUnreadCounts(trx: Db, userIds: readonly number[]): Promise<void> {
  const distinct = [...new Set(userIds)];
  for (let start = 0; start < distinct.length; start += EVENT_CHUNK) {
    const chunk = distinct.slice(start, start + EVENT_CHUNK);
    const counts = await sql<{ user_id: number; unread: number }>`
      select u.id as user_id,
        (select count(*) from notifications n where n.user_id = u.id and not n.read)::int as unread
      from users u where u.id in (${sql.join(chunk)})`.execute(trx);
    await enqueueEvent(trx, 'notificationUpdate', {
      users: counts.rows.map((row) => ({ userId: row.user_id, unread: row.unread })),
    });
  }
}
