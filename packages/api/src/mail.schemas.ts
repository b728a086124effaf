/** Paths of the mail module (docs/notifications.md, "E-mail"). */
export const MAIL_PATHS = {
  /** The notification e-mails as administrators see them. */
  outbox: '/rest/admin/mail-outbox',
  /** Development only (MAIL_DEV_OUTBOX): the e-mails the development outbox kept. */
  devOutbox: '/rest/dev/mail-outbox',
} as const;
