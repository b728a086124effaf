import type { Config } from '../../kernel/config/config';
import type { Db } from '../../db/database';
import { leaderLockFor } from '../../kernel/jobs/leader-lock';
import type { MailSender } from './mail-sender';
import { MailWorker, type MailAttachments, type MailWorkerDeps } from './mail-worker';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';

/** The mail worker of this instance, from the config (docs/operations.md, "E-mail"). */
export function createMailWorker(options: {
  config: Config;
  db: Db;
  now: () => Date;
  mail: MailSender;
  /** True when mail goes over SMTP; false: the development outbox keeps it. */
  smtp: boolean;
  /** The files a notification's e-mail carries (modules/notifications knows them). */
  attachments: MailAttachments;
  log: MailWorkerDeps['log'];
}): MailWorker {
  const { config, db, log } = options;
  return new MailWorker({
    db,
    now: options.now,
    mail: options.mail,
    delivery: options.smtp ? 'sent' : 'outbox',
    site: { title: config.web.title, publicUrl: config.mail.publicUrl },
    lock: leaderLockFor(config.databaseUrl, LOCK_KEYS.mailWorker, 'mail worker', log),
    attachments: options.attachments,
    maxAttempts: config.mail.maxAttempts,
    retryMs: config.mail.retryMs,
    retryMaxMs: config.mail.retryMaxMs,
    pollMs: config.mail.pollMs,
    log,
  });
}
