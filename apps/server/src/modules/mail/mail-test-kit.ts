import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { NotificationKind } from '@klik/api';
import type { Db } from '../../db/database';
import { enqueueNotificationMails } from './mail-jobs.repository';

/*
 * Test helpers for e-mail: a real SMTP server in the test process that can be stopped and
 * started again on the same port, a small MIME reader for what arrived, and notifications
 * written the way a source writes them (the row and its mail jobs in one transaction).
 */

export interface ReceivedMail {
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** A real SMTP peer; `down()` stops it (connections are refused), `up()` starts it again. */
export class SmtpPeer {
  readonly received: ReceivedMail[] = [];
  #server: SMTPServer | null = null;
  port = 0;

  async up(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mail = readMime(Buffer.concat(chunks).toString('utf8'));
          this.received.push({ ...mail, to: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  async down(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_whole, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
  );
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      );
    }
  }
  return { headers, body: end === -1 ? '' : raw.slice(end + 4) };
}

function param(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`${name}="?([^";]+)"?`, 'i'));
  return match?.[1];
}

/** Reads a message as nodemailer writes it: text, HTML and attachments, headers decoded. */
export function readMime(raw: string): Omit<ReceivedMail, 'to'> {
  const top = splitPart(raw);
  const mail: Omit<ReceivedMail, 'to'> = {
    headers: top.headers,
    subject: top.headers.get('subject') ?? '',
    text: '',
    html: '',
    attachments: [],
  };
  const visit = (headers: Map<string, string>, body: string): void => {
    const type = headers.get('content-type') ?? 'text/plain';
    const boundary = param(type, 'boundary');
    if (type.startsWith('multipart/') && boundary) {
      for (const piece of body.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith('--')) break;
        const part = splitPart(piece.replace(/^\r\n/, ''));
        visit(part.headers, part.body);
      }
      return;
    }
    const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
    const content =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : Buffer.from(body, 'utf8');
    const filename = param(headers.get('content-disposition'), 'filename');
    if (filename) {
      mail.attachments.push({ filename, contentType: type.split(';')[0] ?? type, content });
    } else if (type.startsWith('text/html')) {
      mail.html = content.toString('utf8');
    } else {
      mail.text = content.toString('utf8');
    }
  };
  visit(top.headers, top.body);
  return mail;
}

/** Writes notifications for these users and queues their e-mails, in one transaction. */
export async function notifyUsers(
  db: Db,
  options: {
    userIds: number[];
    kind: NotificationKind;
    at: Date;
    params?: Record<string, string | number>;
    clickId?: number;
    contractId?: string;
    announcementId?: number;
    attachment?: { kind: 'announcement' | 'clickConfirmation'; ref: number };
  },
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto('notifications')
      .values(
        options.userIds.map((userId) => ({
          user_id: userId,
          customer_id: null,
          kind: options.kind,
          message_key: `notification.${options.kind}`,
          params: JSON.stringify(options.params ?? {}),
          publish_date: options.at,
          click_id: options.clickId ?? null,
          contract_id: options.contractId ?? null,
          announcement_id: options.announcementId ?? null,
          attachment_kind: options.attachment?.kind ?? null,
          attachment_ref: options.attachment?.ref ?? null,
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((row) => Number(row.id));
    await enqueueNotificationMails(trx, ids);
    return ids;
  });
}
