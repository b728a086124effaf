import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { sessionOf } from './auth-guards';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    extend: (app) => {
      app.get('/rest/test/me', { preHandler: app.guards.requireAuth }, async (request) => {
        const { user, impersonator } = sessionOf(request);
        return { username: user.username, impersonator: impersonator?.username ?? null };
      });
      app.get(
        '/rest/test/admin-only',
        { preHandler: app.guards.requireRole('admin', 'accountmanager') },
        async () => ({ ok: true }),
      );
    },
  });
});

afterAll(async () => {
  await t.close();
});

describe('auth guards', () => {
  it('requireAuth exposes the signed-in user and refuses requests without a session', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.username, user.password);
    const me = await t.app.inject({
      method: 'GET',
      url: '/rest/test/me',
      headers: bearer(session.token),
    });
    expect(me.json()).toEqual({ username: user.username, impersonator: null });
    const anonymous = await t.app.inject({ method: 'GET', url: '/rest/test/me' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('requireRole lets the named roles through and answers 403 to the others', async () => {
    const manager = await createUser(t.db, { role: 'accountmanager' });
    const consultant = await createUser(t.db, { role: 'consultant' });
    const managerSession = await login(t.app, manager.username, manager.password);
    const consultantSession = await login(t.app, consultant.username, consultant.password);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/rest/test/admin-only',
      headers: bearer(managerSession.token),
    });
    expect(allowed.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/rest/test/admin-only',
      headers: bearer(consultantSession.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.app.inject({ method: 'GET', url: '/rest/test/admin-only' })).statusCode).toBe(
      401,
    );
  });

  it('shows the impersonator of a login-as session', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const customer = await createUser(t.db);
    const adminSession = await login(t.app, admin.username, admin.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/loginAs',
      headers: { ...bearer(adminSession.token), 'content-type': 'text/plain' },
      payload: customer.username,
    });
    const { token } = response.json() as { token: string };
    const me = await t.app.inject({ method: 'GET', url: '/rest/test/me', headers: bearer(token) });
    expect(me.json()).toEqual({ username: customer.username, impersonator: admin.username });
  });
});
