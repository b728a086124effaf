import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, login, postLogin, type TestApp } from '../../../test/test-app';

let t: TestApp;
let user: BuiltUser;
let summary: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_FEED: 'none' } });
  const customer = await createCustomer(t.db);
  user = await createUser(t.db, { customerIds: [customer.id] });
  summary = `/rest/contractSummary/${customer.id}`;
});

afterAll(async () => {
  await t.close();
});

describe('Cache-Control on REST answers', () => {
  it('is no-store on answers with data, on errors and on unknown REST paths', async () => {
    const signIn = await postLogin(t.app, user.username, user.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');

    const { token } = await login(t.app, user.username, user.password);
    const data = await t.app.inject({ url: summary, headers: bearer(token) });
    expect(data.statusCode).toBe(200);
    expect(data.headers['cache-control']).toBe('no-store');

    const unauthenticated = await t.app.inject({ url: summary });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['cache-control']).toBe('no-store');

    const unknown = await t.app.inject({ url: '/rest/no/such/thing?x=1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');

    const refused = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/logout',
      cookies: { [XSRF_COOKIE]: 'cookie' },
      headers: { 'x-xsrf-token': 'other' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves answers outside /rest alone', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.headers['cache-control']).toBeUndefined();
    // The environment settings say their own caching: never kept (modules/system/env.routes.ts).
    const env = await t.app.inject({ url: '/env.json' });
    expect(env.headers['cache-control']).toBe('no-store');
  });
});
