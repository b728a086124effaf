import type { z } from 'zod';
import type { Announcement, AnnouncementPage, PublishAnnouncementBodySchema } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { auditChange } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { notify } from './notify';

type PublishBody = z.output<typeof PublishAnnouncementBodySchema>;

export interface AnnouncementsDeps {
  db: Db;
  now: () => Date;
  flushEvents: () => Promise<void>;
}

/**
 * Announcements: an administrator's message in Dutch and English, maybe with a file per
 * language, to every active user or to the users of chosen customers. Each recipient gets an
 * ANNOUNCEMENT notification in the publishing transaction (docs/notifications.md).
 */
export class AnnouncementsService {
  constructor(private readonly deps: AnnouncementsDeps) {}

  async publish(auth: AuthContext, body: PublishBody, ip: string | null): Promise<Announcement> {
    const { db, now } = this.deps;
    const customerIds = body.audience === 'all' ? [] : [...new Set(body.customerIds)];
    const id = await db.transaction().execute(async (trx) => {
      if (customerIds.length > 0) {
        const found = await trx
          .selectFrom('customers')
          .select('id')
          .where('id', 'in', customerIds)
          .execute();
        if (found.length !== customerIds.length) throw new AppError('NOT_FOUND');
      }
      const at = now();
      const { id } = await trx
        .insertInto('announcements')
        .values({
          title_nl: body.titleNl,
          title_en: body.titleEn,
          body_nl: body.bodyNl,
          body_en: body.bodyEn,
          audience: body.audience,
          published_at: at,
          published_by: auth.user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (customerIds.length > 0) {
        await trx
          .insertInto('announcement_customers')
          .values(
            customerIds.map((customerId) => ({ announcement_id: id, customer_id: customerId })),
          )
          .execute();
      }
      for (const file of body.attachments) {
        const content = Buffer.from(file.content, 'base64');
        await trx
          .insertInto('announcement_attachments')
          .values({
            announcement_id: id,
            locale: file.locale,
            filename: file.filename,
            content_type: file.contentType,
            size: content.length,
            content,
          })
          .execute();
      }
      const notified = await notify(trx, {
        kind: 'ANNOUNCEMENT',
        to: body.audience === 'all' ? { everyone: true } : { customerIds },
        at,
        announcementId: id,
        attachment: body.attachments.length > 0 ? { kind: 'announcement', ref: id } : null,
      });
      await trx
        .updateTable('announcements')
        .set({ recipients: notified.length })
        .where('id', '=', id)
        .execute();
      await auditChange(trx, at, auth, {
        action: 'announcement.publish',
        subject: `announcement:${id}`,
        customerIds,
        after: {
          titleNl: body.titleNl,
          titleEn: body.titleEn,
          audience: body.audience,
          attachments: body.attachments.map((file) => `${file.locale}:${file.filename}`),
          recipients: notified.length,
        },
        ip,
      });
      return id;
    });
    await this.deps.flushEvents();
    const { data } = await this.#page({ page: 0, size: 1, id });
    const announcement = data[0];
    if (!announcement) throw new Error(`announcement ${id} not read back`);
    return announcement;
  }

  list(query: { page: number; size: number }): Promise<AnnouncementPage> {
    return this.#page(query);
  }

  async #page(query: { page: number; size: number; id?: number }): Promise<AnnouncementPage> {
    const { db } = this.deps;
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
}
