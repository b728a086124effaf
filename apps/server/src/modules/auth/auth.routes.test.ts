import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSessionSchema } from '@klik/api';
import { createCustomer, createUser, type BuiltCustomer } from '../../../test/builders';
import { bearer, buildTestApp, login, postLogin, type TestApp } from '../../../test/test-app';
import { hashSessionToken } from '../../kernel/auth/session-token';

let t: TestApp;
let bakery: BuiltCustomer;
let greenhouse: BuiltCustomer;

beforeAll(async () => {
  t = await buildTestApp({ env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' } });
  bakery = await createCustomer(t.db, {
    name: 'Bakkerij Test B.V.',
    dashboards: ['Utrecht', 'Zeist'],
  });
  greenhouse = await createCustomer(t.db, { name: 'Kwekerij Test B.V.', dashboards: ['Westland'] });
});

afterAll(async () => {
  await t.close();
});

function tradingStatusWith(token: string) {
  // setLocale needs a session, which makes it a probe for whether a token is accepted.
  return t.app.inject({
    method: 'PUT',
    url: '/rest/authentication/admin/setLocale/en',
    headers: bearer(token),
  });
}

async function auditRows(action: string) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

describe('POST /rest/authentication/login', () => {
  it('answers the user session with the allowed customers and their dashboards', async () => {
    const user = await createUser(t.db, {
      name: 'Eva Jansen',
      role: 'consultant',
      allowTPIPage: true,
      locale: 'en',
      customerIds: [greenhouse.id, bakery.id],
    });
    const response = await postLogin(t.app, user.username, user.password);
    expect(response.statusCode).toBe(200);
    const session = UserSessionSchema.parse(response.json());
    expect(session).toMatchObject({
      username: user.username,
      role: 'consultant',
      name: 'Eva Jansen',
      locale: 'en',
      readOnly: false,
      allowTPIPage: true,
      impersonatedBy: null,
    });
    expect(session.allowedCustomers).toEqual([
      { id: bakery.id, name: 'Bakkerij Test B.V.', dashboards: bakery.dashboards },
      { id: greenhouse.id, name: 'Kwekerij Test B.V.', dashboards: greenhouse.dashboards },
    ]);
    expect(bakery.dashboards.map((d) => d.name)).toEqual(['Utrecht', 'Zeist']);
  });

  it('accepts the username in any case', async () => {
    const user = await createUser(t.db, { username: 'MixedCase-User' });
    const session = await login(t.app, 'mixedcase-user', user.password);
    expect(session.username).toBe('MixedCase-User');
  });

  it('gives admins an empty customer list', async () => {
    const admin = await createUser(t.db, { role: 'admin', customerIds: [bakery.id] });
    const session = await login(t.app, admin.username, admin.password);
    expect(session.role).toBe('admin');
    expect(session.allowedCustomers).toEqual([]);
  });

  it('answers 403 INVALID_CREDENTIALS for a wrong password, an unknown user and a disabled user', async () => {
    const user = await createUser(t.db);
    const disabled = await createUser(t.db, { disabled: true });
    for (const [username, password] of [
      [user.username, 'wrong-password'],
      ['nobody-' + user.username, user.password],
      [disabled.username, disabled.password],
    ] as const) {
      const response = await postLogin(t.app, username, password);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Gebruikersnaam of wachtwoord is onjuist.',
      });
    }
  });

  it('answers error messages in the language of the locale header', async () => {
    const response = await postLogin(t.app, 'nobody-at-all', 'x', { locale: 'en' });
    expect(response.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username and password.',
    });
  });

  it('refuses a body without a password with 400 VALIDATION_FAILED', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/login',
      payload: { username: 'someone' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('stores only a SHA-256 digest of the token and an argon2id password hash', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.username, user.password);
    expect(Buffer.from(session.token, 'base64url')).toHaveLength(32);
    const rows = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashSessionToken(session.token));
    expect(rows[0]!.token_hash).not.toContain(session.token);
    const stored = JSON.stringify(await t.db.selectFrom('sessions').selectAll().execute());
    expect(stored).not.toContain(session.token);
    const userRow = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(userRow.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("tells the web whether a customer user manages their company's users", async () => {
    const manager = await createUser(t.db);
    await t.db
      .updateTable('users')
      .set({ manage_users: true })
      .where('id', '=', manager.id)
      .execute();
    const plain = await createUser(t.db);
    expect((await login(t.app, manager.username, manager.password)).manageUsers).toBe(true);
    expect((await login(t.app, plain.username, plain.password)).manageUsers).toBe(false);
  });

  it('keeps at most 512 characters of the user agent', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/login',
      payload: { username: user.username, password: user.password },
      headers: { 'user-agent': 'Mozilla/5.0 '.repeat(1000) },
    });
    expect(response.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('sessions')
      .select('user_agent')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.user_agent).toHaveLength(512);
  });

  it('gives every sign-in a different token', async () => {
    const user = await createUser(t.db);
    const first = await login(t.app, user.username, user.password);
    const second = await login(t.app, user.username, user.password);
    expect(first.token).not.toBe(second.token);
  });
});

describe('session tokens', () => {
  it('accepts the token as a bearer token and bare, and refuses none or a forged one', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.username, user.password);
    expect((await tradingStatusWith(session.token)).statusCode).toBe(204);
    const bare = await t.app.inject({
      method: 'PUT',
      url: '/rest/authentication/admin/setLocale/nl',
      headers: { authorization: session.token },
    });
    expect(bare.statusCode).toBe(204);
    const none = await t.app.inject({
      method: 'PUT',
      url: '/rest/authentication/admin/setLocale/nl',
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await tradingStatusWith(session.token + 'x')).statusCode).toBe(401);
  });

  it('expires after the idle time and slides while in use', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.username, user.password);
    t.clock.advanceMinutes(29);
    expect((await tradingStatusWith(session.token)).statusCode).toBe(204);
    // Used at minute 29, so it now lives until minute 59.
    t.clock.advanceMinutes(29);
    expect((await tradingStatusWith(session.token)).statusCode).toBe(204);
    t.clock.advanceMinutes(30);
    expect((await tradingStatusWith(session.token)).statusCode).toBe(401);
  });

  it('does not write the last use more than once a minute', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.username, user.password);
    const before = await t.db
      .selectFrom('sessions')
      .select('last_used_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    t.clock.advance(30_000);
    await tradingStatusWith(session.token);
    const after = await t.db
      .selectFrom('sessions')
      .select('last_used_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.last_used_at.getTime()).toBe(before.last_used_at.getTime());
    t.clock.advance(31_000);
    await tradingStatusWith(session.token);
    const later = await t.db
      .selectFrom('sessions')
      .select('last_used_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(later.last_used_at.getTime()).toBe(before.last_used_at.getTime() + 61_000);
  });

  it('expires at the absolute lifetime even when used all the time', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.username, user.password);
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      t.clock.advanceMinutes(20);
      expect((await tradingStatusWith(session.token)).statusCode).toBe(204);
    }
    t.clock.advanceMinutes(20);
    expect((await tradingStatusWith(session.token)).statusCode).toBe(401);
  });

  it('stops working once the user is disabled', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.username, user.password);
    await t.db.updateTable('users').set({ disabled: true }).where('id', '=', user.id).execute();
    expect((await tradingStatusWith(session.token)).statusCode).toBe(401);
  });
});

describe('POST /rest/authentication/logout', () => {
  it('revokes the token given as the text body', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.username, user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/logout',
      headers: { 'content-type': 'text/plain' },
      payload: session.token,
    });
    expect(response.statusCode).toBe(204);
    expect((await tradingStatusWith(session.token)).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toEqual(t.clock.now());
  });

  it('answers 204 for an unknown token as well, without revealing anything', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/logout',
      headers: { 'content-type': 'text/plain' },
      payload: 'not-a-token',
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('PUT /rest/authentication/admin/setLocale/{locale}', () => {
  it("stores the signed-in user's locale, which the next session carries", async () => {
    const user = await createUser(t.db, { role: 'customer', locale: 'nl' });
    const session = await login(t.app, user.username, user.password);
    expect((await tradingStatusWith(session.token)).statusCode).toBe(204);
    expect((await login(t.app, user.username, user.password)).locale).toBe('en');
  });

  it('refuses an unknown locale with 400', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.username, user.password);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/rest/authentication/admin/setLocale/de',
      headers: bearer(session.token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('POST /rest/authentication/loginAs', () => {
  async function loginAs(token: string, username: string) {
    return t.app.inject({
      method: 'POST',
      url: '/rest/authentication/loginAs',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: username,
    });
  }

  it("lets an admin sign in as a customer user, with that user's flags and customers", async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const viewer = await createUser(t.db, {
      role: 'customer',
      readOnly: true,
      customerIds: [bakery.id],
    });
    const adminSession = await login(t.app, admin.username, admin.password);
    const response = await loginAs(adminSession.token, viewer.username);
    expect(response.statusCode).toBe(200);
    const session = UserSessionSchema.parse(response.json());
    expect(session).toMatchObject({
      username: viewer.username,
      role: 'customer',
      readOnly: true,
      impersonatedBy: admin.username,
    });
    expect(session.allowedCustomers.map((c) => c.id)).toEqual([bakery.id]);
    expect(session.token).not.toBe(adminSession.token);
    const row = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashSessionToken(session.token))
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(viewer.id);
    expect(row.impersonator_user_id).toBe(admin.id);
  });

  it('lets an account manager impersonate and keeps their own readOnly flag', async () => {
    const manager = await createUser(t.db, {
      role: 'accountmanager',
      readOnly: true,
      customerIds: [bakery.id],
    });
    const clicker = await createUser(t.db, {
      role: 'customer',
      readOnly: false,
      customerIds: [bakery.id],
    });
    const managerSession = await login(t.app, manager.username, manager.password);
    const response = await loginAs(managerSession.token, clicker.username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: clicker.username, readOnly: true });

    const writer = await createUser(t.db, {
      role: 'accountmanager',
      readOnly: false,
      customerIds: [bakery.id],
    });
    const viewer = await createUser(t.db, {
      role: 'customer',
      readOnly: true,
      customerIds: [bakery.id],
    });
    const writerSession = await login(t.app, writer.username, writer.password);
    const second = await loginAs(writerSession.token, viewer.username);
    expect(second.json()).toMatchObject({ username: viewer.username, readOnly: false });
  });

  it("limits an account manager's login-as to users whose every customer is in the portfolio", async () => {
    const manager = await createUser(t.db, { role: 'accountmanager', customerIds: [bakery.id] });
    const session = await login(t.app, manager.username, manager.password);
    // Their session carries the portfolio (decision 007).
    expect(session.allowedCustomers.map((customer) => customer.id)).toEqual([bakery.id]);
    const own = await createUser(t.db, { customerIds: [bakery.id] });
    const foreign = await createUser(t.db, { customerIds: [greenhouse.id] });
    const both = await createUser(t.db, { customerIds: [bakery.id, greenhouse.id] });
    const none = await createUser(t.db, { customerIds: [] });
    expect((await loginAs(session.token, own.username)).statusCode).toBe(200);
    for (const target of [foreign, both, none]) {
      const response = await loginAs(session.token, target.username);
      expect(response.statusCode, target.username).toBe(403);
    }
    const refused = await t.db
      .selectFrom('audit_log')
      .select(['subject', 'details'])
      .where('action', '=', 'loginAs')
      .where('outcome', '=', 'refused')
      .where('actor_user_id', '=', manager.id)
      .execute();
    expect(refused.map((row) => row.subject).sort()).toEqual(
      [foreign.username, both.username, none.username].sort(),
    );
  });

  it('lets an admin impersonate a TPI consultant', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const tpi = await createUser(t.db, { role: 'consultant', allowTPIPage: true });
    const adminSession = await login(t.app, admin.username, admin.password);
    const response = await loginAs(adminSession.token, tpi.username);
    expect(response.json()).toMatchObject({ role: 'consultant', allowTPIPage: true });
  });

  it('refuses consultants and customer users with 403', async () => {
    const target = await createUser(t.db, { role: 'customer' });
    for (const role of ['consultant', 'customer'] as const) {
      const caller = await createUser(t.db, { role, allowTPIPage: role === 'consultant' });
      const session = await login(t.app, caller.username, caller.password);
      const response = await loginAs(session.token, target.username);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('refuses to impersonate an admin or account manager with 403', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const otherAdmin = await createUser(t.db, { role: 'admin' });
    const manager = await createUser(t.db, { role: 'accountmanager' });
    const session = await login(t.app, admin.username, admin.password);
    expect((await loginAs(session.token, otherAdmin.username)).statusCode).toBe(403);
    expect((await loginAs(session.token, manager.username)).statusCode).toBe(403);
  });

  it('does not let an impersonated session impersonate again', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const customer = await createUser(t.db, { role: 'customer' });
    const other = await createUser(t.db, { role: 'customer' });
    const adminSession = await login(t.app, admin.username, admin.password);
    const impersonated = UserSessionSchema.parse(
      (await loginAs(adminSession.token, customer.username)).json(),
    );
    expect((await loginAs(impersonated.token, other.username)).statusCode).toBe(403);
  });

  it('answers 401 without a session and 404 for an unknown username', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/loginAs',
      headers: { 'content-type': 'text/plain' },
      payload: 'someone',
    });
    expect(response.statusCode).toBe(401);
    const admin = await createUser(t.db, { role: 'admin' });
    const session = await login(t.app, admin.username, admin.password);
    expect((await loginAs(session.token, 'no-such-user')).statusCode).toBe(404);
  });
});

describe('audit log', () => {
  it('records sign-in, failed sign-in, logout and login-as with actor, address and outcome', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const customer = await createUser(t.db, { role: 'customer' });
    const consultant = await createUser(t.db, { role: 'consultant' });
    const ip = '192.0.2.44';

    await postLogin(t.app, admin.username, 'wrong', { ip });
    const adminSession = await login(t.app, admin.username, admin.password, { ip });
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/loginAs',
      headers: { ...bearer(adminSession.token), 'content-type': 'text/plain' },
      payload: customer.username,
      remoteAddress: ip,
    });
    const impersonated = UserSessionSchema.parse(asCustomer.json());
    const consultantSession = await login(t.app, consultant.username, consultant.password, { ip });
    await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/loginAs',
      headers: { ...bearer(consultantSession.token), 'content-type': 'text/plain' },
      payload: customer.username,
      remoteAddress: ip,
    });
    await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/logout',
      headers: { 'content-type': 'text/plain' },
      payload: impersonated.token,
      remoteAddress: ip,
    });

    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('ip', '=', ip)
      .orderBy('id')
      .execute();
    expect(
      rows.map((row) => ({
        action: row.action,
        outcome: row.outcome,
        actor: row.actor_username,
        impersonator: row.impersonator_username,
        subject: row.subject,
      })),
    ).toEqual([
      {
        action: 'login',
        outcome: 'failure',
        actor: admin.username,
        impersonator: null,
        subject: admin.username,
      },
      {
        action: 'login',
        outcome: 'success',
        actor: admin.username,
        impersonator: null,
        subject: admin.username,
      },
      {
        action: 'loginAs',
        outcome: 'success',
        actor: admin.username,
        impersonator: null,
        subject: customer.username,
      },
      {
        action: 'login',
        outcome: 'success',
        actor: consultant.username,
        impersonator: null,
        subject: consultant.username,
      },
      {
        action: 'loginAs',
        outcome: 'refused',
        actor: consultant.username,
        impersonator: null,
        subject: customer.username,
      },
      {
        action: 'logout',
        outcome: 'success',
        actor: customer.username,
        impersonator: admin.username,
        subject: null,
      },
    ]);
    expect(rows.every((row) => row.at.getTime() === t.clock.now().getTime())).toBe(true);
  });

  it('records a failed sign-in of an unknown username without an actor', async () => {
    await postLogin(t.app, 'ghost-user-for-audit', 'whatever', { ip: '192.0.2.45' });
    const rows = (await auditRows('login')).filter((row) => row.subject === 'ghost-user-for-audit');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'failure', actor_user_id: null, ip: '192.0.2.45' });
  });
});

describe('sessions kept in memory for reads (SESSION_CACHE_SECONDS)', () => {
  let m: TestApp;

  beforeAll(async () => {
    m = await buildTestApp({
      env: { SESSION_CACHE_SECONDS: '5' },
      extend: (app) => {
        app.get('/probe', { preHandler: app.guards.requireAuth }, async () => ({ ok: true }));
      },
    });
  });

  afterAll(async () => {
    await m.close();
  });

  const probe = (token: string) =>
    m.app.inject({ method: 'GET', url: '/probe', headers: bearer(token) });
  const stateChange = (token: string) =>
    m.app.inject({
      method: 'PUT',
      url: '/rest/authentication/admin/setLocale/en',
      headers: bearer(token),
    });

  it('serves reads from a session read a moment ago, never state changes', async () => {
    const user = await createUser(m.db);
    const session = await login(m.app, user.username, user.password);
    expect((await probe(session.token)).statusCode).toBe(200);
    await m.db.updateTable('users').set({ disabled: true }).where('id', '=', user.id).execute();

    // A read within the cache's lifetime still sees the session it read...
    expect((await probe(session.token)).statusCode).toBe(200);
    // ...but a state change reads the session and the user again, and is refused at once.
    expect((await stateChange(session.token)).statusCode).toBe(401);
    // After the lifetime the read asks the database too.
    m.clock.advance(5000);
    expect((await probe(session.token)).statusCode).toBe(401);
  });

  it('forgets a session the moment it ends, here or on another instance', async () => {
    const user = await createUser(m.db);
    const here = await login(m.app, user.username, user.password);
    const elsewhere = await login(m.app, user.username, user.password);
    expect((await probe(here.token)).statusCode).toBe(200);
    expect((await probe(elsewhere.token)).statusCode).toBe(200);

    await m.app.inject({
      method: 'POST',
      url: '/rest/authentication/logout',
      headers: { 'content-type': 'text/plain' },
      payload: here.token,
    });
    expect((await probe(here.token)).statusCode).toBe(401);

    // Another instance revoked it and said so on the event bus.
    const row = await m.db
      .updateTable('sessions')
      .set({ revoked_at: m.clock.now() })
      .where('token_hash', '=', hashSessionToken(elsewhere.token))
      .returning('id')
      .executeTakeFirstOrThrow();
    await m.app.deps.bus.publish('terminateSession', { sessionIds: [row.id] });
    expect((await probe(elsewhere.token)).statusCode).toBe(401);
  });
});
