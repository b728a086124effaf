import type { AttachmentKind, NotificationKind } from '@klik/api';
import type { Db } from '../../db/database';
import { queueNotificationMails } from '../mail/mail.service';
import { enqueueEvent } from '../../kernel/events/event-outbox';
import { insertNotificationsFor, unreadCountsOf, type Recipients } from './notify.repository';

export type { Recipients };

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

/**
 * Writes one notification per recipient in the caller's transaction, so a change and the word of
 * it are stored together, and queues the notificationUpdate (the new unread count) for each
 * recipient's open browsers in the event outbox. The caller flushes the outbox after its commit.
 * Every source (clicks, pause, terms, announcements, and later deadlines, price alerts and
 * budgets) comes through here. Answers the new notifications' ids.
 */
export async function notify(trx: Db, notification: NewNotification): Promise<number[]> {
  const rows = await insertNotificationsFor(trx, notification.to, {
    customerId: notification.customerId ?? null,
    kind: notification.kind,
    messageKey: messageKeyOf(notification.kind),
    params: notification.params ?? {},
    publishDate: notification.at,
    clickId: notification.clickId ?? null,
    contractId: notification.contractId ?? null,
    announcementId: notification.announcementId ?? null,
    attachmentKind: notification.attachment?.kind ?? null,
    attachmentRef: notification.attachment?.ref ?? null,
  });
  if (rows.length === 0) return [];

  // The e-mails of those who want this kind by e-mail, in this same transaction, so a
  // notification and its e-mail are stored together or not at all (docs/notifications.md).
  await queueNotificationMails(
    trx,
    rows.map((row) => row.id),
  );

  await queueUnreadCounts(
    trx,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => row.id);
}

/** Queues each user's current unread count for their browsers (the bell), in the transaction. */
export async function queueUnreadCounts(trx: Db, userIds: readonly number[]): Promise<void> {
  const distinct = [...new Set(userIds)];
  for (let start = 0; start < distinct.length; start += EVENT_CHUNK) {
    const chunk = distinct.slice(start, start + EVENT_CHUNK);
    await enqueueEvent(trx, 'notificationUpdate', { users: await unreadCountsOf(trx, chunk) });
  }
}
