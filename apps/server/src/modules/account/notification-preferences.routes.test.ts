import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATHS,
  DEFAULT_DELIVERY,
  NotificationPreferencesSchema,
  type NotificationPreferences,
} from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, impersonate, login, type TestApp } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';

const URL = ACCOUNT_PATHS.notificationPreferences;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

async function newUser(): Promise<BuiltUser> {
  const customer = await createCustomer(t.db);
  return createUser(t.db, { customerIds: [customer.id] });
}

async function signedIn(): Promise<{ user: BuiltUser; token: string }> {
  const user = await newUser();
  return { user, token: (await login(t.app, user.username, user.password)).token };
}

function get(token: string) {
  return t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
}

function put(token: string, preferences: Record<string, string>) {
  return t.app.inject({
    method: 'PUT',
    url: URL,
    headers: bearer(token),
    payload: { preferences },
  });
}

async function preferencesOf(token: string): Promise<NotificationPreferences['preferences']> {
  const response = await get(token);
  expect(response.statusCode).toBe(200);
  return NotificationPreferencesSchema.parse(response.json()).preferences;
}

async function auditRows(user: BuiltUser) {
  return t.db
    .selectFrom('audit_log')
    .select(['actor_username', 'impersonator_username', 'outcome', 'subject', 'details'])
    .where('action', '=', 'account.notificationPreferences.change')
    .where('subject', '=', `user:${user.id}`)
    .orderBy('id')
    .execute();
}

describe(`notification preferences on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('answers DEFAULT_DELIVERY for every kind to a user who never chose', async () => {
    const { token } = await signedIn();
    expect(await preferencesOf(token)).toEqual(DEFAULT_DELIVERY);
  });

  it('changes only the kinds named, keeps the others and audits each change with before and after', async () => {
    const { user, token } = await signedIn();
    const response = await put(token, { CLICK_CREATED: 'email', CLICK_COMPLETED: 'portal' });
    expect(response.statusCode).toBe(200);
    const expected = { ...DEFAULT_DELIVERY, CLICK_CREATED: 'email', CLICK_COMPLETED: 'portal' };
    expect(NotificationPreferencesSchema.parse(response.json()).preferences).toEqual(expected);
    expect(await preferencesOf(token)).toEqual(expected);

    // A second change leaves the first one standing.
    await put(token, { ANNOUNCEMENT: 'email' });
    expect(await preferencesOf(token)).toEqual({ ...expected, ANNOUNCEMENT: 'email' });

    const rows = await auditRows(user);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actor_username: user.username,
      impersonator_username: null,
      outcome: 'success',
    });
    expect(rows[0]?.details).toEqual({
      changes: [
        { kind: 'CLICK_CREATED', before: 'portal', after: 'email' },
        { kind: 'CLICK_COMPLETED', before: 'email', after: 'portal' },
      ],
    });

    // Another user's choices are their own.
    const other = await signedIn();
    expect(await preferencesOf(other.token)).toEqual(DEFAULT_DELIVERY);
  });

  it('writes no audit row when nothing changes', async () => {
    const { user, token } = await signedIn();
    const response = await put(token, { CLICK_COMPLETED: DEFAULT_DELIVERY.CLICK_COMPLETED });
    expect(response.statusCode).toBe(200);
    expect(await auditRows(user)).toEqual([]);
  });

  it('refuses an unknown kind or channel with 400 and changes nothing', async () => {
    const { user, token } = await signedIn();
    const refused: Record<string, string>[] = [
      { CLICK_UNKNOWN: 'email' },
      { CLICK_CREATED: 'email', CLICK_UNKNOWN: 'email' },
      { CLICK_CREATED: 'sms' },
      { CLICK_CREATED: 'email', CLICK_COMPLETED: 'pigeon' },
    ];
    for (const preferences of refused) {
      const response = await put(token, preferences);
      expect(response.statusCode, JSON.stringify(preferences)).toBe(400);
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: bearer(token),
      payload: { CLICK_CREATED: 'email' },
    });
    expect(missing.statusCode).toBe(400);
    expect(await preferencesOf(token)).toEqual(DEFAULT_DELIVERY);
    expect(await auditRows(user)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: URL,
      payload: { preferences: { CLICK_CREATED: 'email' } },
    });
    expect(put.statusCode).toBe(401);
  });

  it('lets someone signed in as the user change them, audited with the impersonator', async () => {
    // Unlike the mobile number and the authenticator app, this is no second factor: it only
    // decides where the user's own notifications also go, which support may set up for them.
    const target = await newUser();
    const token = await impersonate(t.app, t.db, target.username);
    expect(await preferencesOf(token)).toEqual(DEFAULT_DELIVERY);
    expect((await put(token, { PRICE_ALERT: 'portal' })).statusCode).toBe(200);

    const own = (await login(t.app, target.username, target.password)).token;
    expect((await preferencesOf(own)).PRICE_ALERT).toBe('portal');
    const [row] = await auditRows(target);
    expect(row?.actor_username).toBe(target.username);
    expect(row?.impersonator_username).toMatch(/\S/);
    expect(row?.impersonator_username).not.toBe(target.username);
  });
});
