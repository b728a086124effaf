import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/builders';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { enqueueNotificationMails } from './mail-jobs.repository';
import { notifyUsers, SmtpPeer } from './mail-test-kit';

const peer = new SmtpPeer();
let t: TestApp;

beforeAll(() => peer.up());
afterAll(() => peer.down());

beforeEach(async () => {
  peer.received.length = 0;
  t = await buildTestApp({
    env: {
      SMTP_URL: peer.url,
      MAIL_FROM: 'Energieportaal <portal@klik.example>',
      KLIK_TITLE: 'Energieportaal',
      PUBLIC_URL: 'https://klik.example/',
      MAIL_MAX_ATTEMPTS: '3',
      MAIL_RETRY_SECONDS: '60',
    },
  });
});
afterEach(async () => {
  await t.close();
  // A test that stopped the peer leaves it running for the next one.
  await peer.down();
  await peer.up();
});

async function jobsOf(notificationIds: number[]) {
  return t.db
    .selectFrom('mail_jobs')
    .selectAll()
    .where('notification_id', 'in', notificationIds.map(String))
    .orderBy('id')
    .execute();
}

function mailsTo(user: { username: string }) {
  return peer.received.filter((mail) => mail.to.includes(`${user.username}@example.test`));
}

describe('queueing notification e-mails', () => {
  it('queues one job per notification for the users who want that kind by e-mail and have an address', async () => {
    const byDefault = await createUser(t.db);
    const portalOnly = await createUser(t.db);
    const noAddress = await createUser(t.db);
    const deactivated = await createUser(t.db, { disabled: true });
    await t.db.updateTable('users').set({ email: null }).where('id', '=', noAddress.id).execute();
    await t.db
      .insertInto('notification_preferences')
      .values({ user_id: portalOnly.id, kind: 'CLICK_COMPLETED', channel: 'portal' })
      .execute();
    const ids = await notifyUsers(t.db, {
      userIds: [byDefault.id, portalOnly.id, noAddress.id, deactivated.id],
      kind: 'CLICK_COMPLETED',
      at: t.clock.now(),
    });
    expect((await jobsOf(ids)).map((job) => job.user_id)).toEqual([byDefault.id]);

    // Queued again (a retried transaction, a second source): still one job.
    await t.db.transaction().execute((trx) => enqueueNotificationMails(trx, ids));
    expect(await jobsOf(ids)).toHaveLength(1);
  });

  it('follows DEFAULT_DELIVERY until the user chooses: e-mail for a kind that is portal-only by default', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    await t.db
      .insertInto('notification_preferences')
      .values({ user_id: user.id, kind: 'CLICK_CREATED', channel: 'email' })
      .execute();
    const ids = await notifyUsers(t.db, {
      userIds: [user.id, other.id],
      kind: 'CLICK_CREATED',
      at: t.clock.now(),
    });
    expect((await jobsOf(ids)).map((job) => job.user_id)).toEqual([user.id]);
  });

  it('queues nothing when the transaction that wrote the notification rolls back', async () => {
    const user = await createUser(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('notifications')
          .values({
            user_id: user.id,
            customer_id: null,
            kind: 'CLICK_REJECTED',
            message_key: 'notification.CLICK_REJECTED',
            params: '{}',
            publish_date: t.clock.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await enqueueNotificationMails(trx, [Number(row.id)]);
        throw new Error('the click failed');
      }),
    ).rejects.toThrow('the click failed');
    expect(await t.db.selectFrom('mail_jobs').selectAll().execute()).toEqual([]);
  });
});

describe('sending through SMTP', () => {
  it('sends each e-mail once, in the user’s language, as text and HTML with the portal’s title and links', async () => {
    const dutch = await createUser(t.db, { name: 'Eva de Vries', locale: 'nl' });
    const english = await createUser(t.db, { name: 'John Smith', locale: 'en' });
    await notifyUsers(t.db, {
      userIds: [dutch.id, english.id],
      kind: 'CLICK_REJECTED',
      at: t.clock.now(),
      params: { clickId: 41, contractId: 'C-1001', maturity: 'Q1', yearOfSupply: 2027 },
    });

    expect(await t.app.mailWorker.tick()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await t.app.mailWorker.tick()).toEqual({ sent: 0, retried: 0, failed: 0 });

    const [nl] = mailsTo(dutch);
    expect(mailsTo(dutch)).toHaveLength(1);
    expect(nl?.subject).toBe('Energieportaal: Klik 41 is afgewezen');
    expect(nl?.headers.get('content-language')).toBe('nl');
    expect(nl?.headers.get('from')).toContain('portal@klik.example');
    expect(nl?.text).toContain('Beste Eva de Vries,');
    expect(nl?.text).toContain('Klik 41 op contract C-1001 (Q1 2027) is afgewezen.');
    expect(nl?.text).toContain('Deze transactie is afgewezen. Neem bij vragen contact met ons op.');
    expect(nl?.text).toContain('https://klik.example/notificaties');
    expect(nl?.text).toContain('https://klik.example/clickoverview');
    expect(nl?.text).toContain('https://klik.example/myinfo');
    expect(nl?.html).toContain('<html lang="nl">');
    expect(nl?.html).toContain('<h1 style="font-size: 18px">Energieportaal</h1>');
    expect(nl?.html).toContain('href="https://klik.example/notificaties"');

    const [en] = mailsTo(english);
    expect(mailsTo(english)).toHaveLength(1);
    expect(en?.subject).toBe('Energieportaal: Click 41 has been rejected');
    expect(en?.headers.get('content-language')).toBe('en');
    expect(en?.text).toContain(
      'This transaction has been rejected. Please contact us with any questions.',
    );
    expect(en?.text).toContain('https://klik.example/notifications');
    expect(en?.html).toContain('See your notifications in Energieportaal');

    const jobs = await t.db.selectFrom('mail_jobs').selectAll().execute();
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('attaches the notification’s file in the user’s language', async () => {
    const user = await createUser(t.db, { locale: 'en' });
    await t.db
      .insertInto('notification_preferences')
      .values({ user_id: user.id, kind: 'ANNOUNCEMENT', channel: 'email' })
      .execute();
    const announcement = await t.db
      .insertInto('announcements')
      .values({
        title_nl: 'Marktrapport november',
        title_en: 'Market report November',
        body_nl: 'Het rapport zit in de bijlage.',
        body_en: 'The report is attached.',
        audience: 'all',
        published_at: t.clock.now(),
        published_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pdf = Buffer.from('%PDF-1.4 market report\n%%EOF\n');
    await t.db
      .insertInto('announcement_attachments')
      .values({
        announcement_id: announcement.id,
        locale: 'en',
        filename: 'market-report.pdf',
        content_type: 'application/pdf',
        size: pdf.length,
        content: pdf,
      })
      .execute();
    await notifyUsers(t.db, {
      userIds: [user.id],
      kind: 'ANNOUNCEMENT',
      at: t.clock.now(),
      announcementId: announcement.id,
      attachment: { kind: 'announcement', ref: announcement.id },
    });

    await t.app.mailWorker.tick();

    const [mail] = mailsTo(user);
    expect(mail?.subject).toBe('Energieportaal: Market report November');
    expect(mail?.text).toContain('The report is attached.');
    expect(mail?.attachments).toEqual([
      { filename: 'market-report.pdf', contentType: 'application/pdf', content: pdf },
    ]);
  });

  it('loses nothing and sends nothing twice when the mail server stops in the middle and comes back', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db)));
    const [first, second, third, fourth] = users.map((user) => user.id) as [
      number,
      number,
      number,
      number,
    ];
    await notifyUsers(t.db, {
      userIds: [first, second],
      kind: 'CLICK_COMPLETED',
      at: t.clock.now(),
    });
    expect((await t.app.mailWorker.tick()).sent).toBe(2);

    await peer.down();
    await notifyUsers(t.db, { userIds: [third, fourth], kind: 'CLICK_EXPIRED', at: t.clock.now() });
    // The first attempt fails and waits a minute; the other waits for the next round untouched.
    expect(await t.app.mailWorker.tick()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const waiting = await t.db
      .selectFrom('mail_jobs')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
    expect(waiting.map((job) => job.attempts)).toEqual([1, 0]);
    expect(waiting[0]?.last_error).toBeTruthy();
    expect(waiting[0]?.next_attempt_at).toEqual(new Date(t.clock.now().getTime() + 60_000));

    await peer.up();
    // The untouched one goes at once; the failed one only after its backoff.
    expect((await t.app.mailWorker.tick()).sent).toBe(1);
    t.clock.advance(59_000);
    expect((await t.app.mailWorker.tick()).sent).toBe(0);
    t.clock.advance(1_000);
    expect((await t.app.mailWorker.tick()).sent).toBe(1);
    expect(await t.app.mailWorker.tick()).toEqual({ sent: 0, retried: 0, failed: 0 });

    for (const user of users) expect(mailsTo(user)).toHaveLength(1);
    expect(peer.received).toHaveLength(4);
  });

  it('doubles the wait after each failure and gives up into a visible failed state after the last attempt', async () => {
    const user = await createUser(t.db);
    const [id] = await notifyUsers(t.db, {
      userIds: [user.id],
      kind: 'PRICE_ALERT',
      at: t.clock.now(),
      params: { contractId: 'C-7' },
    });
    await peer.down();
    expect((await t.app.mailWorker.tick()).retried).toBe(1);
    t.clock.advance(60_000);
    expect((await t.app.mailWorker.tick()).retried).toBe(1);
    const [job] = await jobsOf([id ?? 0]);
    expect(job?.next_attempt_at).toEqual(new Date(t.clock.now().getTime() + 120_000));
    t.clock.advance(120_000);
    expect((await t.app.mailWorker.tick()).failed).toBe(1);

    await peer.up();
    t.clock.advanceMinutes(60);
    expect(await t.app.mailWorker.tick()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(peer.received).toEqual([]);
    const [failed] = await jobsOf([id ?? 0]);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed?.last_error).toBeTruthy();
  });
});
