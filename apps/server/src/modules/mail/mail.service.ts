import type { Db } from '../../db/database';
import { enqueueNotificationMails } from './mail-jobs.repository';

/**
 * What other modules ask of mail: the e-mails of new notifications queued in the same
 * transaction as the notifications, so the mail worker sends each exactly once.
 */
export function queueNotificationMails(
  trx: Db,
  notificationIds: readonly number[],
): Promise<number> {
  return enqueueNotificationMails(trx, notificationIds);
}
