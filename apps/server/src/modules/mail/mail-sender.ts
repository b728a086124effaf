import type { Locale } from '@klik/api';

/** A file sent with an e-mail, e.g. a click's PDF confirmation. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One e-mail; `text` is always there, `html` is an optional richer rendering of it. */
export interface MailMessage {
  to: string;
  locale: Locale;
  subject: string;
  text: string;
  html?: string;
  attachments?: readonly MailAttachment[];
}

/**
 * How e-mail leaves the portal (docs/operations.md, "E-mail"). A sender that cannot deliver
 * throws; the caller decides whether that fails a request or is only logged.
 */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

export interface KeptMail {
  to: string;
  locale: Locale;
  subject: string;
  text: string;
  at: string;
}

const KEPT = 100;

/**
 * The development outbox: used when no SMTP_URL is set. It keeps the last e-mails in memory (for
 * GET /rest/dev/mail-outbox with MAIL_DEV_OUTBOX) and writes them to the log, except in
 * production, where only the recipient and subject are logged: a link in a log is a key to an
 * account.
 */
export class DevMailOutbox implements MailSender {
  readonly #kept: KeptMail[] = [];

  constructor(
    private readonly log: {
      info: (details: object, message: string) => void;
      warn: (details: object, message: string) => void;
    },
    private readonly now: () => Date,
    /** False in production: only the recipient and subject are logged, and nothing is kept. */
    private readonly logContent: boolean,
  ) {}

  async send({ to, locale, subject, text, attachments }: MailMessage): Promise<void> {
    if (!this.logContent) {
      this.log.warn({ to, subject }, 'e-mail not sent: no SMTP_URL is configured');
      return;
    }
    const files = (attachments ?? []).map((file) => file.filename);
    this.log.info(
      { to, subject, text, ...(files.length > 0 ? { attachments: files } : {}) },
      'e-mail (development outbox, not sent)',
    );
    this.#kept.push({ to, locale, subject, text, at: this.now().toISOString() });
    if (this.#kept.length > KEPT) this.#kept.shift();
  }

  /** The e-mails kept, newest last; to a recipient only when given (case-insensitive). */
  outbox(to?: string): KeptMail[] {
    const wanted = to?.trim().toLowerCase();
    return this.#kept.filter((mail) => !wanted || mail.to.toLowerCase() === wanted);
  }
}
