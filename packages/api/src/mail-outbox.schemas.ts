import { z } from 'zod';
import { PageQuerySchema, PageSchema } from './admin.schemas';
import { LocaleSchema } from './locale.schemas';

/*
 * The notification e-mails as administrators see them (docs/notifications.md, "E-mail"): every
 * e-mail job with its state, so one waiting for a mail server that is down, one given up, and one
 * the development outbox kept instead of sending (no SMTP_URL) are all visible.
 */

/**
 * pending: waiting for its (next) attempt; sent: handed to the SMTP server; outbox: kept by the
 * development outbox, not sent (no SMTP_URL); failed: given up after the last attempt.
 */
export const MAIL_JOB_STATUSES = ['pending', 'sent', 'outbox', 'failed'] as const;
export const MailJobStatusSchema = z.enum(MAIL_JOB_STATUSES);
export type MailJobStatus = z.infer<typeof MailJobStatusSchema>;

export const MailOutboxQuerySchema = PageQuerySchema.extend({
  status: MailJobStatusSchema.optional(),
});
export type MailOutboxQuery = z.infer<typeof MailOutboxQuerySchema>;

export const MailJobSchema = z.object({
  id: z.number().int(),
  notificationId: z.number().int(),
  kind: z.string(),
  username: z.string(),
  /** The address it went (or goes) to; null until the first attempt. */
  recipient: z.string().nullable(),
  locale: LocaleSchema,
  status: MailJobStatusSchema,
  attempts: z.number().int().nonnegative(),
  /** When a pending job is tried next. */
  nextAttemptAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  subject: z.string().nullable(),
  /** The plain text, kept only for what the development outbox kept instead of sending. */
  text: z.string().nullable(),
});
export type MailJob = z.infer<typeof MailJobSchema>;

export const MailOutboxPageSchema = PageSchema(MailJobSchema);
export type MailOutboxPage = z.infer<typeof MailOutboxPageSchema>;
