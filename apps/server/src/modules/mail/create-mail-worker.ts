import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { PgAdvisoryLock, SingleProcessLock } from '../market/feed-lock';
import { notificationAttachments } from './mail-attachments';
import type { MailSender } from './mail-sender';
import { MAIL_WORKER_LOCK_KEY, MailWorker, type MailWorkerDeps } from './mail-worker';

/** The mail worker of this instance, from the config (docs/operations.md, "E-mail"). */
export function createMailWorker(options: {
  config: Config;
  db: Db;
  now: () => Date;
  mail: MailSender;
  /** True when mail goes over SMTP; false: the development outbox keeps it. */
  smtp: boolean;
  log: MailWorkerDeps['log'];
}): MailWorker {
  const { config, db, log } = options;
  return new MailWorker({
    db,
    now: options.now,
    mail: options.mail,
    delivery: options.smtp ? 'sent' : 'outbox',
    site: { title: config.web.title, publicUrl: config.mail.publicUrl },
    lock: config.databaseUrl
      ? new PgAdvisoryLock(config.databaseUrl, MAIL_WORKER_LOCK_KEY, (error) =>
          log.error({ err: error }, 'mail worker lock connection failed'),
        )
      : new SingleProcessLock(),
    attachments: notificationAttachments(db, config.web.title),
    maxAttempts: config.mail.maxAttempts,
    retryMs: config.mail.retryMs,
    retryMaxMs: config.mail.retryMaxMs,
    pollMs: config.mail.pollMs,
    log,
  });
}
