import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '@klik/api';
import { createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, login, postLogin, type TestApp } from '../../../test/test-app';

// Small figures so every rule shows in a few requests: slowed after 2 failures, the pair refused
// after 4, 500 ms per failure above 2, never more than 1500 ms.
const WINDOW_SECONDS = 15 * 60;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      LOGIN_THROTTLE_WINDOW_MINUTES: '15',
      LOGIN_SLOWDOWN_AFTER: '2',
      LOGIN_LOCKOUT_AFTER: '4',
      LOGIN_SLOWDOWN_MS: '500',
      LOGIN_SLOWDOWN_MAX_MS: '1500',
    },
  });
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function statusesOf(username: string, password: string, ips: string[]) {
  const statuses: number[] = [];
  for (const ip of ips)
    statuses.push((await postLogin(t.app, username, password, { ip })).statusCode);
  return statuses;
}

const times = (count: number, ip: string) => Array.from({ length: count }, () => ip);
const addresses = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => `${prefix}.${index + 1}`);

describe('sign-in throttling per account and address', () => {
  it('slows a pair down after repeated failures, then refuses it with 429', async () => {
    const target = await createUser(t.db);
    t.delays.length = 0;
    expect(await statusesOf(target.username, 'wrong', times(4, '198.51.100.1'))).toEqual([
      403, 403, 403, 403,
    ]);
    // Attempts 3 and 4 came after 2 and 3 failures: 500 ms, then 1000 ms.
    expect(t.delays).toEqual([500, 1000]);

    const refused = await postLogin(t.app, target.username, target.password, {
      ip: '198.51.100.1',
      locale: 'en',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: `Too many failed sign-in attempts. Try again in ${WINDOW_SECONDS} seconds.`,
      retryAfterSeconds: WINDOW_SECONDS,
    });
    expect(refused.headers['retry-after']).toBe(String(WINDOW_SECONDS));
  });

  it('does not lock an account out from other addresses: it slows it down', async () => {
    const target = await createUser(t.db);
    await statusesOf(target.username, 'wrong', times(4, '198.51.100.20'));
    t.delays.length = 0;
    const elsewhere = await postLogin(t.app, target.username, target.password, {
      ip: '198.51.100.21',
    });
    expect(elsewhere.statusCode).toBe(200);
    // Four failures of the account: 500 ms × 3, capped at 1500 ms.
    expect(t.delays).toEqual([1500]);
    expect(
      (await postLogin(t.app, target.username, 'wrong', { ip: '198.51.100.22' })).statusCode,
    ).toBe(403);
  });

  it('caps the slowdown of an account tried from many addresses and never refuses it', async () => {
    const target = await createUser(t.db);
    t.delays.length = 0;
    expect(await statusesOf(target.username, 'wrong', addresses(8, '198.51.101'))).toEqual(
      Array.from({ length: 8 }, () => 403),
    );
    expect(t.delays).toEqual([500, 1000, 1500, 1500, 1500, 1500]);
  });

  it('does not lock out the other users behind an address that failed', async () => {
    const colleague = await createUser(t.db);
    const ip = '192.0.2.200';
    const spray = Array.from({ length: 6 }, (_, index) => `spray-${index}`);
    for (const username of spray) {
      expect((await postLogin(t.app, username, 'wrong', { ip })).statusCode).toBe(403);
    }
    t.delays.length = 0;
    expect(
      (await postLogin(t.app, colleague.username, colleague.password, { ip })).statusCode,
    ).toBe(200);
    expect(t.delays).toEqual([]);
  });

  it('answers an unknown username exactly like an existing one', async () => {
    const known = await createUser(t.db);
    const answers = async (username: string, ip: string) => {
      const seen: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await postLogin(t.app, username, 'wrong', { ip });
        seen.push({ status: response.statusCode, body: response.json() });
      }
      return seen;
    };
    t.delays.length = 0;
    const forKnown = await answers(known.username, '203.0.113.1');
    const knownDelays = [...t.delays];
    t.delays.length = 0;
    const forUnknown = await answers('no-such-user-here', '203.0.113.1');
    expect(forUnknown).toEqual(forKnown);
    expect(t.delays).toEqual(knownDelays);
    expect(forKnown.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 429]);
  });

  it('lets the pair in again once the window has passed', async () => {
    const target = await createUser(t.db);
    const ip = '192.0.2.201';
    await statusesOf(target.username, 'wrong', times(4, ip));
    expect((await postLogin(t.app, target.username, target.password, { ip })).statusCode).toBe(429);
    t.clock.advanceMinutes(10);
    const stillRefused = await postLogin(t.app, target.username, target.password, { ip });
    expect(stillRefused.statusCode).toBe(429);
    expect(stillRefused.json()).toMatchObject({ retryAfterSeconds: 5 * 60 });
    t.clock.advanceMinutes(5);
    expect((await postLogin(t.app, target.username, target.password, { ip })).statusCode).toBe(200);
  });

  it('does not count refused attempts, so hammering does not extend the refusal', async () => {
    const target = await createUser(t.db);
    const ip = '192.0.2.202';
    await statusesOf(target.username, 'wrong', times(4, ip));
    for (let i = 0; i < 5; i += 1) {
      t.clock.advanceMinutes(2);
      expect((await postLogin(t.app, target.username, 'wrong', { ip })).statusCode).toBe(429);
    }
    t.clock.advanceMinutes(5);
    expect((await postLogin(t.app, target.username, target.password, { ip })).statusCode).toBe(200);
  });

  it('forgets the earlier failures of a pair when it signs in on its own', async () => {
    const target = await createUser(t.db);
    const ip = '192.0.2.210';
    await statusesOf(target.username, 'wrong', times(3, ip));
    expect((await postLogin(t.app, target.username, target.password, { ip })).statusCode).toBe(200);
    expect(await statusesOf(target.username, 'wrong', times(5, ip))).toEqual([
      403, 403, 403, 403, 429,
    ]);
  });

  it('audits refused attempts', async () => {
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'login')
      .where('outcome', '=', 'refused')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.details).toMatchObject({ reason: 'too many attempts' });
  });
});

// These run on PostgreSQL too (TEST_DATABASE_URL): there the attempts really run at once.
describe('sign-in attempts at the same time', () => {
  it('refuses a parallel burst over the limit while the others are in flight', async () => {
    const target = await createUser(t.db);
    const ip = '198.51.102.1';
    const guesses = Array.from({ length: 150 }, (_, index) =>
      index === 75 ? target.password : 'wrong',
    );
    const statuses = (
      await Promise.all(
        guesses.map((password) => postLogin(t.app, target.username, password, { ip })),
      )
    ).map((response) => response.statusCode);
    expect(new Set(statuses)).toSatisfy((seen: Set<number>) =>
      [...seen].every((status) => [200, 403, 429].includes(status)),
    );
    // Exactly as many were checked as the limit allows; every other one was refused unchecked.
    expect(statuses.filter((status) => status !== 429)).toHaveLength(4);
    // The burst's failures still count, whether or not its right password was among them.
    expect((await postLogin(t.app, target.username, target.password, { ip })).statusCode).toBe(429);
  });

  it('does not let a success reset the failures of the burst it was part of', async () => {
    const target = await createUser(t.db);
    const ip = '198.51.102.2';
    const statuses = (
      await Promise.all(
        [target.password, 'wrong', 'wrong', 'wrong'].map((password) =>
          postLogin(t.app, target.username, password, { ip }),
        ),
      )
    ).map((response) => response.statusCode);
    expect(statuses).toEqual([200, 403, 403, 403]);
    expect(await statusesOf(target.username, 'wrong', times(2, ip))).toEqual([403, 429]);
  });

  it('does not let a success elsewhere reset the account failures it ran beside', async () => {
    const target = await createUser(t.db);
    const statuses = (
      await Promise.all(
        [target.password, 'wrong', 'wrong', 'wrong'].map((password, index) =>
          postLogin(t.app, target.username, password, { ip: `198.51.103.${index + 1}` }),
        ),
      )
    ).map((response) => response.statusCode);
    expect(statuses).toEqual([200, 403, 403, 403]);
    t.delays.length = 0;
    await postLogin(t.app, target.username, 'wrong', { ip: '198.51.103.9' });
    // Three failures of the account: 500 ms × 2.
    expect(t.delays).toEqual([1000]);
  });
});

describe('POST liftLoginThrottle', () => {
  let admin: BuiltUser;
  let adminToken: string;

  beforeAll(async () => {
    admin = await createUser(t.db, { role: 'admin' });
    adminToken = (await login(t.app, admin.username, admin.password, { ip: '10.0.0.1' })).token;
  });

  const lift = (token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.liftLoginThrottle,
      payload: payload as object,
      headers: token ? bearer(token) : {},
    });

  it('lets an admin lift the throttle of one pair, and audits it', async () => {
    const target = await createUser(t.db);
    const ip = '192.0.2.230';
    await statusesOf(target.username, 'wrong', times(4, ip));
    expect((await postLogin(t.app, target.username, target.password, { ip })).statusCode).toBe(429);

    const response = await lift(adminToken, { username: ` ${target.username.toUpperCase()} `, ip });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cleared: 4 });
    expect((await postLogin(t.app, target.username, target.password, { ip })).statusCode).toBe(200);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'liftLoginThrottle')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_username: admin.username,
      outcome: 'success',
      subject: target.username.toLowerCase(),
    });
    expect(audit.details).toEqual({ ip, cleared: 4 });
  });

  it('lifts every address of an account when no address is given', async () => {
    const target = await createUser(t.db);
    await statusesOf(target.username, 'wrong', [...times(4, '192.0.2.231'), '192.0.2.232']);
    const response = await lift(adminToken, { username: target.username });
    expect(response.json()).toEqual({ cleared: 5 });
    t.delays.length = 0;
    expect(
      (await postLogin(t.app, target.username, target.password, { ip: '192.0.2.231' })).statusCode,
    ).toBe(200);
    expect(t.delays).toEqual([]);
  });

  it('is for admins only', async () => {
    const manager = await createUser(t.db, { role: 'accountmanager' });
    const managerToken = (await login(t.app, manager.username, manager.password)).token;
    expect((await lift(managerToken, { username: 'someone' })).statusCode).toBe(403);
    expect((await lift(null, { username: 'someone' })).statusCode).toBe(401);
    expect((await lift(adminToken, { username: '' })).statusCode).toBe(400);
    expect((await lift(adminToken, { username: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await lift(adminToken, { username: 'a\u0000b' })).statusCode).toBe(400);
    expect((await lift(adminToken, { username: 'someone', ip: '10.0.0.1\u0000' })).statusCode).toBe(
      400,
    );
  });
});
