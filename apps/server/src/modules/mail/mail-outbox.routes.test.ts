import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailOutboxPageSchema, type MailOutboxPage, MAIL_PATHS } from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { notifyUsers } from './mail-test-kit';
import { onPostgres } from '../../../test/test-database';

/*
 * Four notification e-mails, a minute apart, on a portal without SMTP_URL: two kept by the
 * development outbox, one given up, one still waiting.
 */
let t: TestApp;
let adminToken: string;
const users: Record<'first' | 'second' | 'third' | 'fourth', BuiltUser> = {} as never;
let start: Date;

beforeAll(async () => {
  t = await buildTestApp({ env: { KLIK_TITLE: 'Energieportaal' } });
  start = t.clock.now();
  const customer = await createCustomer(t.db);
  for (const name of ['first', 'second', 'third', 'fourth'] as const) {
    users[name] = await createUser(t.db, { customerIds: [customer.id], locale: 'en' });
  }
  await notifyUsers(t.db, {
    userIds: [users.first.id],
    kind: 'CLICK_COMPLETED',
    at: t.clock.now(),
    params: { clickId: 7, contractId: 'C-1', maturity: 'Q1', yearOfSupply: 2027 },
  });
  t.clock.advanceMinutes(1);
  await notifyUsers(t.db, {
    userIds: [users.second.id],
    kind: 'CLICK_REJECTED',
    at: t.clock.now(),
    params: { clickId: 8, contractId: 'C-1', maturity: 'Q2', yearOfSupply: 2027 },
  });
  expect(await t.app.mailWorker.tick()).toEqual({ sent: 2, retried: 0, failed: 0 });

  t.clock.advanceMinutes(1);
  const [failed] = await notifyUsers(t.db, {
    userIds: [users.third.id],
    kind: 'PRICE_ALERT',
    at: t.clock.now(),
  });
  // A job given up after its last attempt, as the worker leaves it against a dead mail server.
  await t.db
    .updateTable('mail_jobs')
    .set({
      status: 'failed',
      attempts: 5,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      recipient: `${users.third.username}@example.test`,
      finished_at: t.clock.now(),
    })
    .where('notification_id', '=', String(failed))
    .execute();
  t.clock.advanceMinutes(1);
  await notifyUsers(t.db, {
    userIds: [users.fourth.id],
    kind: 'DEADLINE_APPROACHING',
    at: t.clock.now(),
  });

  const admin = await createUser(t.db, { role: 'admin' });
  adminToken = (await login(t.app, admin.username, admin.password)).token;
});

afterAll(async () => {
  await t.close();
});

function list(query: string, token = adminToken) {
  return t.app.inject({
    method: 'GET',
    url: `${MAIL_PATHS.outbox}${query}`,
    headers: bearer(token),
  });
}

async function page(query: string): Promise<MailOutboxPage> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return MailOutboxPageSchema.parse(response.json());
}

const minute = (n: number) => new Date(start.getTime() + n * 60_000).toISOString();

describe(`GET ${MAIL_PATHS.outbox} on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('pages every notification e-mail newest first, with its total', async () => {
    const all = await page('');
    expect(all).toMatchObject({ page: 0, size: 20, total: 4 });
    expect(all.data.map((job) => [job.username, job.kind, job.status])).toEqual([
      [users.fourth.username, 'DEADLINE_APPROACHING', 'pending'],
      [users.third.username, 'PRICE_ALERT', 'failed'],
      [users.second.username, 'CLICK_REJECTED', 'outbox'],
      [users.first.username, 'CLICK_COMPLETED', 'outbox'],
    ]);

    const first = await page('?page=0&size=3');
    expect(first).toMatchObject({ page: 0, size: 3, total: 4 });
    expect(first.data.map((job) => job.username)).toEqual([
      users.fourth.username,
      users.third.username,
      users.second.username,
    ]);
    const second = await page('?page=1&size=3');
    expect(second).toMatchObject({ page: 1, size: 3, total: 4 });
    expect(second.data.map((job) => job.username)).toEqual([users.first.username]);
    expect((await page('?page=2&size=3')).data).toEqual([]);
  });

  it('filters by state', async () => {
    const pending = await page('?status=pending');
    expect(pending.total).toBe(1);
    expect(pending.data[0]).toMatchObject({
      username: users.fourth.username,
      recipient: null,
      attempts: 0,
      nextAttemptAt: minute(3),
      lastError: null,
      finishedAt: null,
      subject: null,
      text: null,
    });

    const failed = await page('?status=failed');
    expect(failed.total).toBe(1);
    expect(failed.data[0]).toMatchObject({
      username: users.third.username,
      recipient: `${users.third.username}@example.test`,
      attempts: 5,
      nextAttemptAt: null,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      finishedAt: minute(2),
    });

    expect((await page('?status=sent')).total).toBe(0);
    const kept = await page('?status=outbox&size=1');
    expect(kept).toMatchObject({ total: 2, size: 1 });
    expect(kept.data.map((job) => job.username)).toEqual([users.second.username]);
  });

  it('keeps what the development outbox kept instead of sending, without SMTP_URL', async () => {
    const kept = await page('?status=outbox');
    const [rejected, completed] = kept.data;
    expect(rejected).toMatchObject({
      recipient: `${users.second.username}@example.test`,
      locale: 'en',
      attempts: 1,
      nextAttemptAt: null,
      lastError: null,
      finishedAt: minute(1),
      subject: 'Energieportaal: Click 8 has been rejected',
    });
    expect(rejected?.text).toContain('Click 8 on contract C-1 (Q2 2027) has been rejected.');
    expect(completed?.subject).toContain('Click 7');
  });

  it('refuses an unknown state or a page too large with 400', async () => {
    expect((await list('?status=delivered')).statusCode).toBe(400);
    expect((await list('?size=101')).statusCode).toBe(400);
    expect((await list('?page=-1')).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: MAIL_PATHS.outbox })).statusCode).toBe(401);
    const customer = await createCustomer(t.db);
    const accountManager = await createUser(t.db, { role: 'accountmanager' });
    const customerUser = await createUser(t.db, { customerIds: [customer.id] });
    for (const user of [accountManager, customerUser]) {
      const token = (await login(t.app, user.username, user.password)).token;
      expect((await list('', token)).statusCode, user.role).toBe(403);
    }
  });
});
