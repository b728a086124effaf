import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { notify } from '../../modules/notifications/notify';

// An empty body sent as application/json is no body (spec section 7's PUTs with an empty
// payload); malformed JSON is still the client's fault.
let t: TestApp;
let user: BuiltUser;
let token: string;
let notificationId: number;

const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_FEED: 'none' } });
  user = await createUser(t.db);
  token = (await login(t.app, user.username, user.password)).token;
  const [id] = await notify(t.db, {
    kind: 'TRADING_PAUSED',
    to: { userIds: [user.id] },
    at: new Date('2026-11-20T12:00:00Z'),
  });
  notificationId = id as number;
});

afterAll(async () => {
  await t.close();
});

/** Login, the call that needs a body, with JSON's content type and this raw payload. */
function postLogin(payload: string) {
  return t.app.inject({
    method: 'POST',
    url: '/rest/authentication/login',
    headers: json,
    payload,
  });
}

/** A signed-in PUT with JSON's content type and this raw payload. */
function putJson(url: string, payload: string) {
  return t.app.inject({ method: 'PUT', url, headers: { ...bearer(token), ...json }, payload });
}

describe('an empty JSON body', () => {
  it('marks a notification read with Content-Type application/json and no body', async () => {
    const response = await putJson(`/rest/notification/${notificationId}/read`, '');
    expect(response.statusCode).toBe(204);
  });

  it('sets the language with Content-Type application/json and no body', async () => {
    const response = await putJson('/rest/authentication/admin/setLocale/en', '');
    expect(response.statusCode).toBe(204);
    const row = await t.db
      .selectFrom('users')
      .select('locale')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('en');
  });

  it('still answers 400 to a call that needs a body', async () => {
    const response = await postLogin('');
    expect(response.statusCode).toBe(400);
  });
});

describe('malformed JSON', () => {
  it.each(['{', '{"a":', 'null x', ' '])('answers 400 to %j', async (payload) => {
    const response = await putJson(`/rest/notification/${notificationId}/read`, payload);
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 to a body that poisons a prototype', async () => {
    const response = await postLogin('{"username":"a","password":"b","__proto__":{"x":1}}');
    expect(response.statusCode).toBe(400);
  });
});
