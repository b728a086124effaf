import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface NewCustomerNotification {
  customerId: number;
  kind: string;
  /** Catalogue key of the message; the web fills the params in. */
  messageKey: string;
  params: Record<string, string | number>;
  at: Date;
  /** Also told when not (or no longer) linked to the customer, e.g. the click's creator. */
  alsoUserIds?: readonly number[];
}

/**
 * One notification for every user of the customer (and any extra users), in the caller's
 * transaction, so a state change and its notifications are written together.
 */
export async function notifyCustomerUsers(
  trx: Db,
  notification: NewCustomerNotification,
): Promise<number> {
  const extra = [...new Set(notification.alsoUserIds ?? [])];
  const result = await sql`
    insert into notifications (user_id, customer_id, kind, message_key, params, publish_date)
    select u.id, ${notification.customerId}, ${notification.kind}, ${notification.messageKey},
      ${JSON.stringify(notification.params)}::jsonb, ${notification.at}
    from users u
    where not u.disabled and (
      u.id in (select uc.user_id from user_customers uc where uc.customer_id = ${notification.customerId})
      ${extra.length > 0 ? sql`or u.id in (${sql.join(extra)})` : sql``}
    )`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export interface NotificationRow {
  id: number;
  customerId: number | null;
  kind: string;
  localeId: string;
  params: Record<string, string | number>;
  publishDate: string;
  read: boolean;
}

/** A user's notifications, newest first. */
export async function listNotifications(
  db: Db,
  userId: number,
  page: { page: number; size: number },
): Promise<NotificationRow[]> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('publish_date', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.page * page.size)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    customerId: row.customer_id,
    kind: row.kind,
    localeId: row.message_key,
    params: row.params,
    publishDate: row.publish_date.toISOString(),
    read: row.read,
  }));
}
