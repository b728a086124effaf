import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, TotpEnrolmentSchema, UserSessionSchema } from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, login, postLogin, type TestApp } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_SECOND_FACTOR: 'required' } });
});

afterAll(async () => {
  await t.close();
});

function codeNow(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
}

function loginWithCode(user: BuiltUser, totpCode?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/rest/authentication/login',
    payload: { username: user.username, password: user.password, totpCode },
  });
}

/** Signs an administrator in for the first time and sets up their app; answers its secret. */
async function enrol(user: BuiltUser): Promise<string> {
  const session = await login(t.app, user.username, user.password);
  expect(session.secondFactorSetupRequired).toBe(true);
  const started = await t.app.inject({
    method: 'POST',
    url: ACCOUNT_PATHS.totp,
    headers: bearer(session.token),
  });
  const { secret } = TotpEnrolmentSchema.parse(started.json());
  const on = await t.app.inject({
    method: 'POST',
    url: ACCOUNT_PATHS.totpVerification,
    headers: bearer(session.token),
    payload: { code: await codeNow(secret) },
  });
  expect(on.statusCode).toBe(200);
  t.clock.advance(30_000);
  return secret;
}

describe(`ADMIN_SECOND_FACTOR=required on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('gives an administrator without an app a session that may only set one up', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const session = await login(t.app, admin.username, admin.password);
    expect(session.secondFactorSetupRequired).toBe(true);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/rest/admin/customers',
      headers: bearer(session.token),
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: 'SECOND_FACTOR_SETUP_REQUIRED' });
    const account = await t.app.inject({
      method: 'GET',
      url: ACCOUNT_PATHS.account,
      headers: bearer(session.token),
    });
    expect(account.statusCode).toBe(200);
  });

  it('lets the same session do everything once the app is set up', async () => {
    const manager = await createUser(t.db, { role: 'accountmanager' });
    const session = await login(t.app, manager.username, manager.password);
    const before = await t.app.inject({
      method: 'GET',
      url: '/rest/admin/customers',
      headers: bearer(session.token),
    });
    expect(before.statusCode).toBe(403);
    const { secret } = TotpEnrolmentSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: ACCOUNT_PATHS.totp,
          headers: bearer(session.token),
        })
      ).json(),
    );
    await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.totpVerification,
      headers: bearer(session.token),
      payload: { code: await codeNow(secret) },
    });
    const customers = await t.app.inject({
      method: 'GET',
      url: '/rest/admin/customers',
      headers: bearer(session.token),
    });
    expect(customers.statusCode).toBe(200);
  });

  it('asks an administrator with an app for its code: 401 without a session, then signs in', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const secret = await enrol(admin);
    const without = await postLogin(t.app, admin.username, admin.password);
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    expect(without.json()).not.toHaveProperty('token');

    const code = await codeNow(secret);
    const wrong = await loginWithCode(admin, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });

    const signedIn = await loginWithCode(admin, code);
    expect(signedIn.statusCode).toBe(200);
    const session = UserSessionSchema.parse(signedIn.json());
    expect(session.secondFactorSetupRequired).toBeUndefined();
    // The code is spent: the same code again does not sign in a second time.
    const replayed = await loginWithCode(admin, code);
    expect(replayed.json()).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['outcome', 'details'])
      .where('actor_username', '=', admin.username)
      .where('action', '=', 'login')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.outcome)).toEqual([
      'success',
      'failure',
      'failure',
      'success',
      'failure',
    ]);
  });

  it('asks no code of customer-side users, and a wrong password stays INVALID_CREDENTIALS', async () => {
    const customer = await createCustomer(t.db);
    const user = await createUser(t.db, { customerIds: [customer.id] });
    const session = await login(t.app, user.username, user.password);
    expect(session.secondFactorSetupRequired).toBeUndefined();
    const admin = await createUser(t.db, { role: 'admin' });
    await enrol(admin);
    const wrong = await postLogin(t.app, admin.username, 'not-the-password');
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});
