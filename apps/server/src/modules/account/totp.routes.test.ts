import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, AccountSchema, TotpEnrolmentSchema } from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, impersonate, login, type TestApp } from '../../../test/test-app';
import {
  TOTP_FAILURE_WINDOW_MINUTES,
  TOTP_MAX_FAILURES,
} from '../../kernel/one-time-codes/totp.repository';

const KEY = randomBytes(32).toString('base64');

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { TOTP_ENCRYPTION_KEY: KEY } });
});

afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: object) {
  return t.app.inject({ method, url, headers: bearer(token), payload: body });
}

/** The code the user's app shows at the test clock's instant. */
function codeNow(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
}

async function signedIn(): Promise<{ user: BuiltUser; token: string }> {
  const customer = await createCustomer(t.db);
  const user = await createUser(t.db, { customerIds: [customer.id] });
  return { user, token: (await login(t.app, user.username, user.password)).token };
}

async function enrolled(): Promise<{ user: BuiltUser; token: string; secret: string }> {
  const { user, token } = await signedIn();
  const { secret } = TotpEnrolmentSchema.parse(
    (await call('POST', ACCOUNT_PATHS.totp, token)).json(),
  );
  const on = await call('POST', ACCOUNT_PATHS.totpVerification, token, {
    code: await codeNow(secret),
  });
  expect(on.statusCode).toBe(200);
  t.clock.advance(30_000);
  return { user, token, secret };
}

async function audited(user: BuiltUser, action: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['outcome'])
    .where('actor_username', '=', user.username)
    .where('action', '=', action)
    .execute();
}

async function totpOf(token: string) {
  return AccountSchema.parse((await call('GET', ACCOUNT_PATHS.account, token)).json()).totp;
}

describe('setting up an authenticator app', () => {
  it('answers an otpauth URI, a QR code and the secret; the app is pending until a code comes', async () => {
    const { user, token } = await signedIn();
    expect(await totpOf(token)).toBe('off');
    const started = await call('POST', ACCOUNT_PATHS.totp, token);
    expect(started.statusCode).toBe(200);
    const enrolment = TotpEnrolmentSchema.parse(started.json());
    const uri = new URL(enrolment.uri);
    expect(enrolment.uri.startsWith(`otpauth://totp/Klik:${user.username}?`)).toBe(true);
    expect(uri.searchParams.get('issuer')).toBe('Klik');
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await totpOf(token)).toBe('pending');

    const wrong = (Number(await codeNow(enrolment.secret)) + 1) % 1_000_000;
    const refused = await call('POST', ACCOUNT_PATHS.totpVerification, token, {
      code: String(wrong).padStart(6, '0'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });
    expect(await totpOf(token)).toBe('pending');

    const on = await call('POST', ACCOUNT_PATHS.totpVerification, token, {
      code: await codeNow(enrolment.secret),
    });
    expect(on.statusCode).toBe(200);
    expect(AccountSchema.parse(on.json()).totp).toBe('on');
    expect(await audited(user, 'account.totp.enable')).toEqual([
      { outcome: 'failure' },
      { outcome: 'success' },
    ]);
  });

  it('keeps the secret sealed in the database (AES-256-GCM under TOTP_ENCRYPTION_KEY)', async () => {
    const { user, secret } = await enrolled();
    const row = await t.db
      .selectFrom('user_totp')
      .select('secret')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(secret);
  });

  it('does not replace an app in use, and accepts a code of the previous 30 seconds', async () => {
    const { token, secret } = await enrolled();
    const again = await call('POST', ACCOUNT_PATHS.totp, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SECOND_FACTOR_UNAVAILABLE' });
    const earlier = await codeNow(secret);
    t.clock.advance(30_000);
    const off = await call('DELETE', ACCOUNT_PATHS.totp, token, { code: earlier });
    expect(off.statusCode).toBe(200);
  });

  it('refuses a code a second time, also while it is still current', async () => {
    const { token } = await signedIn();
    const { secret } = TotpEnrolmentSchema.parse(
      (await call('POST', ACCOUNT_PATHS.totp, token)).json(),
    );
    const code = await codeNow(secret);
    const on = await call('POST', ACCOUNT_PATHS.totpVerification, token, { code });
    expect(on.statusCode).toBe(200);
    const replayed = await call('DELETE', ACCOUNT_PATHS.totp, token, { code });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json()).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });
    t.clock.advance(20_000);
    expect((await call('DELETE', ACCOUNT_PATHS.totp, token, { code })).statusCode).toBe(422);
    expect(await totpOf(token)).toBe('on');
    t.clock.advance(30_000);
    const next = await call('DELETE', ACCOUNT_PATHS.totp, token, { code: await codeNow(secret) });
    expect(next.statusCode).toBe(200);
  });

  it('is removed with a current code, audited; without an app removal answers 409', async () => {
    const { user, token, secret } = await enrolled();
    const off = await call('DELETE', ACCOUNT_PATHS.totp, token, { code: await codeNow(secret) });
    expect(off.statusCode).toBe(200);
    expect(AccountSchema.parse(off.json()).totp).toBe('off');
    expect(await audited(user, 'account.totp.disable')).toEqual([{ outcome: 'success' }]);
    t.clock.advance(30_000);
    const none = await call('DELETE', ACCOUNT_PATHS.totp, token, { code: await codeNow(secret) });
    expect(none.statusCode).toBe(409);
  });

  it('stops a user who gave too many wrong codes for 15 minutes, even with the right one', async () => {
    const { token } = await signedIn();
    const { secret } = TotpEnrolmentSchema.parse(
      (await call('POST', ACCOUNT_PATHS.totp, token)).json(),
    );
    const wrong = (await codeNow(secret)) === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < TOTP_MAX_FAILURES; attempt += 1) {
      const refused = await call('POST', ACCOUNT_PATHS.totpVerification, token, { code: wrong });
      expect(refused.statusCode).toBe(422);
    }
    const stopped = await call('POST', ACCOUNT_PATHS.totpVerification, token, {
      code: await codeNow(secret),
    });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    t.clock.advanceMinutes(TOTP_FAILURE_WINDOW_MINUTES);
    const later = await call('POST', ACCOUNT_PATHS.totpVerification, token, {
      code: await codeNow(secret),
    });
    expect(later.statusCode).toBe(200);
  });

  it('refuses a code that is not six digits with 400', async () => {
    const { token } = await signedIn();
    await call('POST', ACCOUNT_PATHS.totp, token);
    const bad = await call('POST', ACCOUNT_PATHS.totpVerification, token, { code: '12ab56' });
    expect(bad.statusCode).toBe(400);
  });

  it('is not set up by someone signed in as the user', async () => {
    const customer = await createCustomer(t.db);
    const target = await createUser(t.db, { customerIds: [customer.id] });
    const token = await impersonate(t.app, t.db, target.username);
    expect((await call('POST', ACCOUNT_PATHS.totp, token)).statusCode).toBe(403);
    expect(await totpOf(token)).toBe('off');
  });
});
