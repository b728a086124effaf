import type { z } from 'zod';
import type { Announcement, AnnouncementPage, PublishAnnouncementBodySchema } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { auditChange } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { notify } from './notify';
import {
  existingCustomerIds,
  findAnnouncements,
  insertAnnouncement,
  insertAnnouncementCustomers,
  insertAnnouncementFiles,
  setAnnouncementRecipients,
} from './announcements.repository';

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
        const found = await existingCustomerIds(trx, customerIds);
        if (found.length !== customerIds.length) throw new AppError('NOT_FOUND');
      }
      const at = now();
      const id = await insertAnnouncement(trx, {
        titleNl: body.titleNl,
        titleEn: body.titleEn,
        bodyNl: body.bodyNl,
        bodyEn: body.bodyEn,
        audience: body.audience,
        publishedAt: at,
        publishedBy: auth.user.id,
      });
      if (customerIds.length > 0) await insertAnnouncementCustomers(trx, id, customerIds);
      await insertAnnouncementFiles(
        trx,
        id,
        body.attachments.map((file) => ({
          locale: file.locale,
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.content, 'base64'),
        })),
      );
      const notified = await notify(trx, {
        kind: 'ANNOUNCEMENT',
        to: body.audience === 'all' ? { everyone: true } : { customerIds },
        at,
        announcementId: id,
        attachment: body.attachments.length > 0 ? { kind: 'announcement', ref: id } : null,
      });
      await setAnnouncementRecipients(trx, id, notified.length);
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
    const { data } = await findAnnouncements(this.deps.db, { page: 0, size: 1, id });
    const announcement = data[0];
    if (!announcement) throw new Error(`announcement ${id} not read back`);
    return announcement;
  }

  list(query: { page: number; size: number }): Promise<AnnouncementPage> {
    return findAnnouncements(this.deps.db, query);
  }
}
