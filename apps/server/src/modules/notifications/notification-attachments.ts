import type { Locale } from '@klik/api';
import type { Db } from '../../db/database';
import { renderClickConfirmation } from '../click-confirmation/click-confirmation.service';
import { announcementFile } from './notifications.repository';
import type { MailAttachment } from '../mail/mail-sender';
import type { MailAttachments } from '../mail/mail-worker';

const OTHER: Record<Locale, Locale> = { nl: 'en', en: 'nl' };

/**
 * The file a notification carries, attached to its e-mail in the recipient's language: a
 * completed click's PDF confirmation (rendered from the stored click), or an announcement's file
 * (in the other language when there is none in theirs). A failure to render fails the attempt,
 * which is retried like a mail server that is down: the e-mail never goes without its file.
 */
export function notificationAttachments(db: Db, title: string): MailAttachments {
  return async (job): Promise<MailAttachment[]> => {
    const locale = job.recipient?.locale ?? 'nl';
    const attachment = job.attachment;
    if (!attachment) return [];
    if (attachment.kind === 'clickConfirmation') {
      const file = await renderClickConfirmation(db, attachment.ref, locale, { title });
      return [
        {
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.bytes),
        },
      ];
    }
    if (attachment.kind === 'announcement') {
      const file =
        (await announcementFile(db, attachment.ref, locale)) ??
        (await announcementFile(db, attachment.ref, OTHER[locale]));
      return file
        ? [
            {
              filename: file.filename,
              contentType: file.contentType,
              content: Buffer.from(file.bytes),
            },
          ]
        : [];
    }
    return [];
  };
}
