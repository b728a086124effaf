import type { Locale, Notification, NotificationKind } from '@klik/api';
import type { Db } from '../../db/database';

export interface ListQuery {
  page: number;
  size: number;
  sort: string;
  unread?: boolean;
}

function baseQuery(db: Db, userId: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('announcements as a', 'a.id', 'n.announcement_id')
    .where('n.user_id', '=', userId);
}

function selectRows(db: Db, userId: number) {
  return baseQuery(db, userId).select([
    'n.id',
    'n.customer_id',
    'n.kind',
    'n.message_key',
    'n.params',
    'n.publish_date',
    'n.read',
    'n.click_id',
    'n.contract_id',
    'n.attachment_kind',
    'n.attachment_ref',
    'a.title_nl',
    'a.title_en',
    'a.body_nl',
    'a.body_en',
    (eb) =>
      eb
        .selectFrom('announcement_attachments as f')
        .whereRef('f.announcement_id', '=', 'n.attachment_ref')
        .where('n.attachment_kind', '=', 'announcement')
        .select((inner) => inner.fn.agg<Locale[]>('array_agg', ['f.locale']).as('locales'))
        .as('attachment_locales'),
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** What the screen may offer: a click confirmation only where a renderer is installed. */
export interface AttachmentAvailability {
  clickConfirmation: boolean;
}

function toNotification(row: Row, available: AttachmentAvailability): Notification {
  let locales: Locale[] = [];
  if (row.attachment_kind === 'announcement') locales = [...(row.attachment_locales ?? [])].sort();
  if (row.attachment_kind === 'clickConfirmation' && available.clickConfirmation) {
    locales = ['en', 'nl'];
  }
  return {
    id: Number(row.id),
    localeId: row.message_key,
    publishDate: row.publish_date.toISOString(),
    read: row.read,
    kind: row.kind as NotificationKind,
    params: row.params,
    customerId: row.customer_id,
    clickId: row.click_id,
    contractId: row.contract_id,
    announcement:
      row.title_nl === null
        ? null
        : {
            titleNl: row.title_nl,
            titleEn: row.title_en ?? '',
            bodyNl: row.body_nl ?? '',
            bodyEn: row.body_en ?? '',
          },
    hasAttachment: locales.length > 0,
    attachmentLocales: locales,
  };
}

/** One page of a user's notifications, sorted by one field (id breaks ties, newest first). */
export async function listNotifications(
  db: Db,
  userId: number,
  query: ListQuery,
  available: AttachmentAvailability,
): Promise<{ data: Notification[]; total: number }> {
  const descending = query.sort.startsWith('-');
  const field = query.sort.replace(/^-/, '') === 'read' ? 'n.read' : 'n.publish_date';
  let rows = selectRows(db, userId);
  let count = baseQuery(db, userId);
  if (query.unread !== undefined) {
    rows = rows.where('n.read', '=', !query.unread);
    count = count.where('n.read', '=', !query.unread);
  }
  let ordered = rows.orderBy(field, descending ? 'desc' : 'asc');
  if (field === 'n.read') ordered = ordered.orderBy('n.publish_date', 'desc');
  const [data, total] = await Promise.all([
    ordered
      .orderBy('n.id', descending || field === 'n.read' ? 'desc' : 'asc')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute(),
    count.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: data.map((row) => toNotification(row, available)),
    total: Number(total.total),
  };
}

/** The newest unread notifications. */
export async function latestUnread(
  db: Db,
  userId: number,
  size: number,
  available: AttachmentAvailability,
): Promise<Notification[]> {
  const rows = await selectRows(db, userId)
    .where('n.read', '=', false)
    .orderBy('n.publish_date', 'desc')
    .orderBy('n.id', 'desc')
    .limit(size)
    .execute();
  return rows.map((row) => toNotification(row, available));
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .where('read', '=', false)
    .select((eb) => eb.fn.countAll<string>().as('unread'))
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

type AttachmentKindOrNull = 'announcement' | 'clickConfirmation' | null;

/** The user's own notification, or undefined (someone else's is not theirs to know of). */
export async function findOwn(
  db: Db,
  userId: number,
  id: number,
): Promise<
  | {
      read: boolean;
      messageKey: string;
      attachmentKind: AttachmentKindOrNull;
      attachmentRef: number | null;
    }
  | undefined
> {
  const row = await db
    .selectFrom('notifications')
    .select(['read', 'message_key', 'attachment_kind', 'attachment_ref'])
    .where('id', '=', String(id))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        read: row.read,
        messageKey: row.message_key,
        attachmentKind: row.attachment_kind,
        attachmentRef: row.attachment_ref,
      }
    : undefined;
}

/** Marks the user's notification (or all of them: id null) read; answers how many changed. */
export async function markRead(db: Db, userId: number, id: number | null): Promise<number> {
  let update = db
    .updateTable('notifications')
    .set({ read: true })
    .where('user_id', '=', userId)
    .where('read', '=', false);
  if (id !== null) update = update.where('id', '=', String(id));
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface StoredFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export async function announcementFile(
  db: Db,
  announcementId: number,
  locale: Locale,
): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('announcement_attachments')
    .select(['filename', 'content_type', 'content'])
    .where('announcement_id', '=', announcementId)
    .where('locale', '=', locale)
    .executeTakeFirst();
  return row
    ? { filename: row.filename, contentType: row.content_type, bytes: row.content }
    : undefined;
}
