import { sql } from 'kysely';
import type { AttachmentKind, NotificationKind } from '@klik/api';
import type { Db } from '../../db/database';

/*
 * The SQL of notify.ts: writing one notification per recipient, and reading the unread counts
 * the bell shows.
 */

/** Who hears of it. Disabled users never do. */
export type Recipients =
  /** Every user of the customer, and maybe others (e.g. the click's creator, no longer linked). */
  | { customerId: number; alsoUserIds?: readonly number[] }
  /** Every user of any of these customers, once each. */
  | { customerIds: readonly number[] }
  | { userIds: readonly number[] }
  /** Every active user, staff included (a pause, the default terms, an announcement to all). */
  | { everyone: true };

/** What every recipient's row of one notification holds. */
export interface NotificationValues {
  customerId: number | null;
  kind: NotificationKind;
  messageKey: string;
  params: Record<string, string | number>;
  publishDate: Date;
  clickId: number | null;
  contractId: string | null;
  announcementId: number | null;
  attachmentKind: AttachmentKind | null;
  attachmentRef: number | null;
}

/** The ids of the recipients' active users, as a subquery; null when it names nobody. */
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
 * Inserts the notification once for every active user among the recipients, in one statement;
 * answers the new rows' ids with their users (none when the recipients name nobody).
 */
export async function insertNotificationsFor(
  trx: Db,
  to: Recipients,
  values: NotificationValues,
): Promise<{ id: number; userId: number }[]> {
  const users = audience(to);
  if (!users) return [];
  const result = await sql<{ id: string; user_id: number }>`
    insert into notifications (user_id, customer_id, kind, message_key, params, publish_date,
      click_id, contract_id, announcement_id, attachment_kind, attachment_ref)
    select r.id, ${values.customerId}, ${values.kind},
      ${values.messageKey}, ${JSON.stringify(values.params)}::jsonb,
      ${values.publishDate}, ${values.clickId}, ${values.contractId},
      ${values.announcementId}, ${values.attachmentKind},
      ${values.attachmentRef}
    from (${users}) r
    returning id, user_id`.execute(trx);
  return result.rows.map((row) => ({ id: Number(row.id), userId: row.user_id }));
}

/** Each of these users' unread notifications, counted as the bell shows them. */
export async function unreadCountsOf(
  trx: Db,
  userIds: readonly number[],
): Promise<{ userId: number; unread: number }[]> {
  const counts = await sql<{ user_id: number; unread: number }>`
      select u.id as user_id,
        (select count(*) from notifications n where n.user_id = u.id and not n.read)::int as unread
      from users u where u.id in (${sql.join(userIds)})`.execute(trx);
  return counts.rows.map((row) => ({ userId: row.user_id, unread: row.unread }));
}
