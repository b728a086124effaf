import type { AnnouncementPage, Locale } from '@klik/api';
import type { Db } from '../../db/database';

/** Of these customers, the ids that exist. */
export async function existingCustomerIds(db: Db, customerIds: readonly number[]) {
  const rows = await db
    .selectFrom('customers')
    .select('id')
    .where('id', 'in', customerIds)
    .execute();
  return rows.map((row) => row.id);
}

/** An announcement as published, before its recipients are counted. */
export interface NewAnnouncement {
  titleNl: string;
  titleEn: string;
  bodyNl: string;
  bodyEn: string;
  audience: 'all' | 'customers';
  publishedAt: Date;
  publishedBy: number;
}

/** Stores an announcement; answers its id. */
export async function insertAnnouncement(db: Db, announcement: NewAnnouncement): Promise<number> {
  const { id } = await db
    .insertInto('announcements')
    .values({
      title_nl: announcement.titleNl,
      title_en: announcement.titleEn,
      body_nl: announcement.bodyNl,
      body_en: announcement.bodyEn,
      audience: announcement.audience,
      published_at: announcement.publishedAt,
      published_by: announcement.publishedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The customers whose users an announcement of audience 'customers' is for. */
export async function insertAnnouncementCustomers(
  db: Db,
  announcementId: number,
  customerIds: readonly number[],
): Promise<void> {
  await db
    .insertInto('announcement_customers')
    .values(
      customerIds.map((customerId) => ({
        announcement_id: announcementId,
        customer_id: customerId,
      })),
    )
    .execute();
}

/** One file of an announcement, in one language. */
export interface AnnouncementFile {
  locale: Locale;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Stores an announcement's files, one row each. */
export async function insertAnnouncementFiles(
  db: Db,
  announcementId: number,
  files: readonly AnnouncementFile[],
): Promise<void> {
  for (const file of files) {
    await db
      .insertInto('announcement_attachments')
      .values({
        announcement_id: announcementId,
        locale: file.locale,
        filename: file.filename,
        content_type: file.contentType,
        size: file.content.length,
        content: file.content,
      })
      .execute();
  }
}

/** Records how many users an announcement reached. */
export async function setAnnouncementRecipients(
  db: Db,
  announcementId: number,
  recipients: number,
): Promise<void> {
  await db
    .updateTable('announcements')
    .set({ recipients })
    .where('id', '=', announcementId)
    .execute();
}

/**
 * One page of announcements, newest first, with their customers (by name) and files (by
 * language). With an id, that announcement only, and the total is what the page holds.
 */
export async function findAnnouncements(
  db: Db,
  query: { page: number; size: number; id?: number },
): Promise<AnnouncementPage> {
  let rows = db
    .selectFrom('announcements as a')
    .leftJoin('users as u', 'u.id', 'a.published_by')
    .selectAll('a')
    .select('u.username as publisher');
  if (query.id !== undefined) rows = rows.where('a.id', '=', query.id);
  const [page, total] = await Promise.all([
    rows
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute(),
    db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const ids = page.map((row) => row.id);
  const [customers, files] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('announcement_customers as ac')
            .innerJoin('customers as c', 'c.id', 'ac.customer_id')
            .select(['ac.announcement_id', 'c.id', 'c.name'])
            .where('ac.announcement_id', 'in', ids)
            .orderBy('c.name')
            .execute(),
          db
            .selectFrom('announcement_attachments')
            .select(['announcement_id', 'locale', 'filename', 'size'])
            .where('announcement_id', 'in', ids)
            .orderBy('locale')
            .execute(),
        ]);
  return {
    data: page.map((row) => ({
      id: row.id,
      titleNl: row.title_nl,
      titleEn: row.title_en,
      bodyNl: row.body_nl,
      bodyEn: row.body_en,
      audience: row.audience,
      customers: customers
        .filter((customer) => customer.announcement_id === row.id)
        .map((customer) => ({ id: customer.id, name: customer.name })),
      attachments: files
        .filter((file) => file.announcement_id === row.id)
        .map((file) => ({ locale: file.locale, filename: file.filename, size: file.size })),
      publishedAt: row.published_at.toISOString(),
      publishedBy: row.publisher,
      recipients: row.recipients,
    })),
    page: query.page,
    size: query.size,
    total: query.id === undefined ? Number(total.total) : page.length,
  };
}
