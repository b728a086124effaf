import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type BuiltUser } from '../../../test/builders';
import { buildTestApp, postLogin, type TestApp } from '../../../test/test-app';

let t: TestApp;
let user: BuiltUser;

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      LOGIN_THROTTLE_WINDOW_MINUTES: '15',
      LOGIN_SLOWDOWN_AFTER: '2',
      LOGIN_LOCKOUT_AFTER: '4',
      LOGIN_SLOWDOWN_MS: '500',
    },
  });
  user = await createUser(t.db);
});

afterAll(async () => {
  await t.close();
});

async function failures(username: string, count: number, ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    statuses.push((await postLogin(t.app, username, 'wrong-password', { ip })).statusCode);
  }
  return statuses;
}

describe('sign-in throttling', () => {
  it('slows a username down after repeated failures, then refuses it with 429', async () => {
    const target = await createUser(t.db);
    t.delays.length = 0;
    // Each failure comes from another address, so only the username's count applies.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await postLogin(t.app, target.username, 'wrong', { ip: `198.51.100.${i + 1}` }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([403, 403, 403, 403]);
    // Attempts 3 and 4 came after 2 and 3 failures: 500 ms, then 1000 ms.
    expect(t.delays).toEqual([500, 1000]);

    const refused = await postLogin(t.app, target.username, target.password, {
      ip: '198.51.100.9',
      locale: 'en',
    });
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: `Too many failed sign-in attempts. Try again in ${15 * 60} seconds.`,
      retryAfterSeconds: 15 * 60,
    });
    expect(refused.headers['retry-after']).toBe(String(15 * 60));
  });

  it('answers an unknown username exactly like an existing one', async () => {
    const known = await createUser(t.db);
    const answers = async (username: string, ipBase: string) => {
      const seen: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await postLogin(t.app, username, 'wrong', { ip: `${ipBase}.${i + 1}` });
        seen.push({ status: response.statusCode, body: response.json() });
      }
      return seen;
    };
    t.delays.length = 0;
    const forKnown = await answers(known.username, '203.0.113');
    const knownDelays = [...t.delays];
    t.delays.length = 0;
    const forUnknown = await answers('no-such-user-here', '203.0.114');
    expect(forUnknown).toEqual(forKnown);
    expect(t.delays).toEqual(knownDelays);
    expect(forKnown.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 429]);
  });

  it('counts failures per address across usernames', async () => {
    const ip = '192.0.2.200';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await postLogin(t.app, `spray-${i}`, 'wrong', { ip })).statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 429]);
    // Even the right password from that address is refused until the window passes.
    expect((await postLogin(t.app, user.username, user.password, { ip })).statusCode).toBe(429);
  });

  it('lets the username in again once the window has passed', async () => {
    const target = await createUser(t.db);
    const ip = '192.0.2.201';
    expect(await failures(target.username, 4, ip)).toEqual([403, 403, 403, 403]);
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
    await failures(target.username, 4, ip);
    for (let i = 0; i < 5; i += 1) {
      t.clock.advanceMinutes(2);
      expect((await postLogin(t.app, target.username, 'wrong', { ip })).statusCode).toBe(429);
    }
    t.clock.advanceMinutes(5);
    expect((await postLogin(t.app, target.username, target.password, { ip })).statusCode).toBe(200);
  });

  it('clears the username count on a successful sign-in', async () => {
    const target = await createUser(t.db);
    t.delays.length = 0;
    await postLogin(t.app, target.username, 'wrong', { ip: '192.0.2.210' });
    await postLogin(t.app, target.username, 'wrong', { ip: '192.0.2.211' });
    expect(
      (await postLogin(t.app, target.username, target.password, { ip: '192.0.2.212' })).statusCode,
    ).toBe(200);
    expect(t.delays).toEqual([500]);
    t.delays.length = 0;
    await postLogin(t.app, target.username, 'wrong', { ip: '192.0.2.213' });
    expect(t.delays).toEqual([]);
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
