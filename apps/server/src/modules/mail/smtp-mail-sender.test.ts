import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/builders';
import { buildTestApp } from '../../../test/test-app';
import { SmtpMailSender } from './smtp-mail-sender';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;

// A real SMTP server in the test process: the sender speaks the protocol, authenticates and
// hands over the message, as it would to a provider.
beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'klik' && auth.password === 'geheim') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the SMTP sender', () => {
  it('authenticates and delivers the message with its sender, recipient, subject and text', async () => {
    const sender = new SmtpMailSender(
      `smtp://klik:geheim@127.0.0.1:${port}`,
      'Klik <no-reply@klik.example>',
    );
    await sender.send({
      to: 'eva@example.test',
      locale: 'en',
      subject: 'New password for Klik',
      text: 'Your link: https://klik.example/resetpassword?token=abc',
    });
    sender.close();
    const [mail] = received;
    expect(mail?.from).toBe('no-reply@klik.example');
    expect(mail?.to).toEqual(['eva@example.test']);
    expect(mail?.raw).toContain('Subject: New password for Klik');
    expect(mail?.raw).toContain('Content-Language: en');
    expect(mail?.raw).toContain('https://klik.example/resetpassword?token=abc');
  });

  it('fails when the server refuses the credentials', async () => {
    const sender = new SmtpMailSender(
      `smtp://klik:fout@127.0.0.1:${port}`,
      'Klik <no-reply@klik.example>',
    );
    await expect(
      sender.send({ to: 'eva@example.test', locale: 'nl', subject: 'x', text: 'y' }),
    ).rejects.toThrow(/Invalid username or password|auth/i);
    sender.close();
  });

  it('carries the reset links of the portal when SMTP_URL is set, with no development outbox', async () => {
    const t = await buildTestApp({
      env: {
        SMTP_URL: `smtp://klik:geheim@127.0.0.1:${port}`,
        MAIL_FROM: 'Klik <portal@klik.example>',
        MAIL_DEV_OUTBOX: 'true',
      },
    });
    try {
      const user = await createUser(t.db);
      await t.app.inject({
        method: 'POST',
        url: '/rest/authentication/forgotPassword',
        payload: { usernameOrEmail: user.username },
      });
      await t.app.passwordReset.idle();
      const mail = received.find((one) => one.to.includes(`${user.username}@example.test`));
      expect(mail?.from).toBe('portal@klik.example');
      expect(mail?.raw).toContain('Subject: Nieuw wachtwoord voor Klik');
      const outbox = await t.app.inject({ method: 'GET', url: '/rest/dev/mail-outbox' });
      expect(outbox.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
