import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATHS,
  AccountSchema,
  MOBILE_CODE_MAX_ATTEMPTS,
  MOBILE_CODE_MINUTES,
  MOBILE_CODE_RESEND_SECONDS,
  OwnSessionsSchema,
  pathTo,
} from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, impersonate, login, type TestApp } from '../../../test/test-app';
import type { DevSmsGateway } from '../../kernel/one-time-codes/sms-gateway';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

async function signedIn(userAgent = 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Safari/537.36') {
  const customer = await createCustomer(t.db);
  const user = await createUser(t.db, { customerIds: [customer.id] });
  const response = await t.app.inject({
    method: 'POST',
    url: '/rest/authentication/login',
    payload: { username: user.username, password: user.password },
    headers: { 'user-agent': userAgent },
  });
  return { user, token: (response.json() as { token: string }).token };
}

function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token: string,
  body?: object,
) {
  return t.app.inject({ method, url, headers: bearer(token), payload: body });
}

function lastSms(): { to: string; code: string } {
  const last = (t.app.purchase.sms as DevSmsGateway).outbox().at(-1);
  return { to: last?.to ?? '', code: /(\d{6})/.exec(last?.text ?? '')?.[1] ?? '' };
}

async function audited(user: BuiltUser, action: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['outcome', 'details'])
    .where('actor_username', '=', user.username)
    .where('action', '=', action)
    .execute();
}

describe('the own account', () => {
  it('answers name, e-mail, language and no mobile number yet', async () => {
    const { user, token } = await signedIn();
    const answer = AccountSchema.parse((await call('GET', ACCOUNT_PATHS.account, token)).json());
    expect(answer).toMatchObject({
      username: user.username,
      email: `${user.username}@example.test`,
      mobile: null,
      pendingMobile: null,
      mayChangeMobile: true,
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.account })).statusCode).toBe(
      401,
    );
  });
});

describe('sessions', () => {
  it('lists only the own open sessions, marks the current one and names the device', async () => {
    const { user, token } = await signedIn();
    await login(t.app, user.username, user.password);
    const stranger = await signedIn();
    const answer = OwnSessionsSchema.parse(
      (await call('GET', ACCOUNT_PATHS.sessions, token)).json(),
    );
    expect(answer.data).toHaveLength(2);
    const current = answer.data.find((session) => session.current);
    expect(current?.device).toBe('Chrome on Windows');
    expect(answer.data.filter((session) => !session.current)).toHaveLength(1);
    expect((await call('GET', ACCOUNT_PATHS.sessions, stranger.token)).json()).toMatchObject({
      data: [expect.objectContaining({ current: true })],
    });
  });

  it('ends an own session at once, audited; a session of someone else is not found', async () => {
    const { user, token } = await signedIn();
    const laptop = await login(t.app, user.username, user.password);
    const stranger = await signedIn();
    const sessions = OwnSessionsSchema.parse(
      (await call('GET', ACCOUNT_PATHS.sessions, token)).json(),
    ).data;
    const laptopSession = sessions.find((session) => !session.current);
    const strangerSession = OwnSessionsSchema.parse(
      (await call('GET', ACCOUNT_PATHS.sessions, stranger.token)).json(),
    ).data[0];

    expect(
      (
        await call(
          'DELETE',
          pathTo(ACCOUNT_PATHS.session, { sessionId: strangerSession?.id ?? 0 }),
          token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', ACCOUNT_PATHS.account, stranger.token)).statusCode).toBe(200);

    expect(
      (
        await call(
          'DELETE',
          pathTo(ACCOUNT_PATHS.session, { sessionId: laptopSession?.id ?? 0 }),
          token,
        )
      ).statusCode,
    ).toBe(204);
    expect((await call('GET', ACCOUNT_PATHS.account, laptop.token)).statusCode).toBe(401);
    expect((await call('GET', ACCOUNT_PATHS.account, token)).statusCode).toBe(200);
    expect(await audited(user, 'session.revoke')).toEqual([
      { outcome: 'failure', details: expect.anything() },
      { outcome: 'success', details: { sessionId: laptopSession?.id } },
    ]);
  });

  it('refuses a malformed session id with 400', async () => {
    const { token } = await signedIn();
    expect((await call('DELETE', '/rest/account/sessions/abc', token)).statusCode).toBe(400);
  });
});

describe('mobile number', () => {
  it('applies a new number only once the code sent to it comes back', async () => {
    const { user, token } = await signedIn();
    const requested = await call('PUT', ACCOUNT_PATHS.mobile, token, { mobile: '+31 6 1234 5678' });
    expect(requested.statusCode).toBe(200);
    expect(AccountSchema.parse(requested.json())).toMatchObject({
      mobile: null,
      pendingMobile: { mobile: '+31612345678' },
    });
    const sms = lastSms();
    expect(sms.to).toBe('+31612345678');

    const wrong = sms.code === '000000' ? '111111' : '000000';
    const refused = await call('POST', ACCOUNT_PATHS.mobileVerification, token, { code: wrong });
    expect(refused.json()).toMatchObject({ code: 'SMS_CODE_INVALID' });
    const verified = await call('POST', ACCOUNT_PATHS.mobileVerification, token, {
      code: sms.code,
    });
    expect(AccountSchema.parse(verified.json())).toMatchObject({
      mobile: '+31612345678',
      pendingMobile: null,
    });
    expect(await audited(user, 'account.mobile.change')).toEqual([
      {
        outcome: 'success',
        details: { before: { mobile: null }, after: { mobile: '*********678' } },
      },
    ]);
    // A used code does not work twice.
    expect(
      (await call('POST', ACCOUNT_PATHS.mobileVerification, token, { code: sms.code })).json(),
    ).toMatchObject({ code: 'SMS_CODE_EXPIRED' });
  });

  it('refuses an invalid number and a malformed code with field errors, changing nothing', async () => {
    const { token } = await signedIn();
    const bad = await call('PUT', ACCOUNT_PATHS.mobile, token, { mobile: '0612' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'MOBILE_INVALID' });
    const code = await call('POST', ACCOUNT_PATHS.mobileVerification, token, { code: '12ab' });
    expect(code.statusCode).toBe(400);
    expect(
      AccountSchema.parse((await call('GET', ACCOUNT_PATHS.account, token)).json()),
    ).toMatchObject({ mobile: null, pendingMobile: null });
  });

  it('sends at most one code a minute, and a code expires', async () => {
    const { token } = await signedIn();
    await call('PUT', ACCOUNT_PATHS.mobile, token, { mobile: '+31611111111' });
    const again = await call('PUT', ACCOUNT_PATHS.mobile, token, { mobile: '+31622222222' });
    expect(again.statusCode).toBe(429);
    t.clock.advance(MOBILE_CODE_RESEND_SECONDS * 1000);
    await call('PUT', ACCOUNT_PATHS.mobile, token, { mobile: '+31622222222' });
    const { code } = lastSms();
    t.clock.advance(MOBILE_CODE_MINUTES * 60_000);
    const late = await call('POST', ACCOUNT_PATHS.mobileVerification, token, { code });
    expect(late.json()).toMatchObject({ code: 'SMS_CODE_EXPIRED' });
  });

  it(`stops after ${MOBILE_CODE_MAX_ATTEMPTS} wrong codes, even for the right one`, async () => {
    const { token } = await signedIn();
    await call('PUT', ACCOUNT_PATHS.mobile, token, { mobile: '+31633333333' });
    const { code } = lastSms();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < MOBILE_CODE_MAX_ATTEMPTS; attempt++) {
      await call('POST', ACCOUNT_PATHS.mobileVerification, token, { code: wrong });
    }
    const last = await call('POST', ACCOUNT_PATHS.mobileVerification, token, { code: wrong });
    expect(last.json()).toMatchObject({ code: 'SMS_ATTEMPTS_EXCEEDED' });
    const right = await call('POST', ACCOUNT_PATHS.mobileVerification, token, { code });
    expect(right.json()).toMatchObject({ code: 'SMS_ATTEMPTS_EXCEEDED' });
  });

  it('removes the number', async () => {
    const { user, token } = await signedIn();
    await call('PUT', ACCOUNT_PATHS.mobile, token, { mobile: '+31644444444' });
    await call('POST', ACCOUNT_PATHS.mobileVerification, token, { code: lastSms().code });
    const removed = await call('DELETE', ACCOUNT_PATHS.mobile, token);
    expect(AccountSchema.parse(removed.json()).mobile).toBeNull();
    expect(await audited(user, 'account.mobile.remove')).toHaveLength(1);
  });

  it('is not changed by someone signed in as the user', async () => {
    const customer = await createCustomer(t.db);
    const target = await createUser(t.db, { customerIds: [customer.id] });
    const token = await impersonate(t.app, t.db, target.username);
    const account = AccountSchema.parse((await call('GET', ACCOUNT_PATHS.account, token)).json());
    expect(account.mayChangeMobile).toBe(false);
    const refused = await call('PUT', ACCOUNT_PATHS.mobile, token, { mobile: '+31655555555' });
    expect(refused.statusCode).toBe(403);
  });
});
