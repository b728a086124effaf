import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailSender } from './mail-sender';

/**
 * E-mail over SMTP (SMTP_URL: smtp://user:password@host:587, STARTTLS when the server offers
 * it, or smtps:// for TLS from the start). A refusal or a silent server is an error the caller
 * reports; nothing is dropped quietly.
 */
export class SmtpMailSender implements MailSender {
  readonly #transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    timeoutMs = 10_000,
  ) {
    this.#transport = nodemailer.createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs * 2,
    });
  }

  async send({ to, locale, subject, text, html, attachments }: MailMessage): Promise<void> {
    await this.#transport.sendMail({
      from: this.from,
      to,
      subject,
      text,
      ...(html === undefined ? {} : { html }),
      ...(attachments && attachments.length > 0
        ? {
            attachments: attachments.map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              content: file.content,
            })),
          }
        : {}),
      headers: { 'Content-Language': locale },
    });
  }

  close(): void {
    this.#transport.close();
  }
}
