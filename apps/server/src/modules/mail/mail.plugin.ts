import { defineModule } from '../../kernel/modules';
import { createMailWorker } from './create-mail-worker';
import { DevMailOutbox, type MailSender } from './mail-sender';
import { mailOutboxRoutes } from './mail-outbox.routes';
import { devMailRoutes } from './mail.routes';
import type { MailAttachments, MailWorker } from './mail-worker';
import { SmtpMailSender } from './smtp-mail-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends one e-mail now: SMTP when SMTP_URL is set, else the development outbox. */
    mail: MailSender;
    /** Sends the notification e-mails; tests run its rounds with tick(). */
    mailWorker: MailWorker;
  }
}

/**
 * E-mail (docs/operations.md, "E-mail"): the sender, the worker that sends the queued
 * notification e-mails, and the mail outbox screen's calls.
 */
export const mailModule = defineModule<{
  /** The files a notification's e-mail carries (the notifications' own, handed in by app.ts). */
  attachments: MailAttachments;
}>('mail', ['auth'], async (app, { attachments }) => {
  const { config, deps } = app;
  const smtp = config.mail.smtpUrl
    ? new SmtpMailSender(config.mail.smtpUrl, config.mail.from)
    : null;
  if (smtp) app.addHook('onClose', async () => smtp.close());
  const devMail = new DevMailOutbox(app.log, deps.now, config.mail.logContent);
  const mail: MailSender = smtp ?? devMail;
  app.decorate('mail', mail);
  if (!smtp && config.mail.devOutbox) await app.register(devMailRoutes, { outbox: devMail });
  app.decorate(
    'mailWorker',
    createMailWorker({
      config,
      db: deps.db,
      now: deps.now,
      mail,
      smtp: smtp !== null,
      attachments,
      log: app.log,
    }),
  );
  await app.register(mailOutboxRoutes, { db: deps.db, guards: app.guards });
});
