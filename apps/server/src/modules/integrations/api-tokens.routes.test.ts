import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_PATHS, OAuthErrorSchema, TokenResponseSchema } from '@klik/api';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';
import { apiWorld, createClient, requestToken, type ApiWorld } from './api-clients-test-kit';
import { ipAllowed } from './api-tokens.service';

let t: TestApp;
let w: ApiWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await apiWorld(t);
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function aClient(options: { ipAllowList?: string[]; expiresAt?: string } = {}) {
  return createClient(t, await w.token(w.manager), w.customer.id, {
    scopes: ['positions:read', 'price-alerts:write'],
    ...options,
  });
}

function expectRefusal(
  response: Awaited<ReturnType<typeof requestToken>>,
  status: number,
  error: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(OAuthErrorSchema.parse(response.json()).error).toBe(error);
  expect(response.headers['cache-control']).toBe('no-store');
}

describe(`the token endpoint on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('issues an RFC 9068 access token to client_secret_basic and client_secret_post', async () => {
    const client = await aClient();
    for (const post of [false, true]) {
      const response = await requestToken(t, client, { post });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const answer = TokenResponseSchema.parse(response.json());
      expect(answer).toMatchObject({
        token_type: 'Bearer',
        expires_in: 900,
        scope: 'positions:read price-alerts:write',
      });
      expect(decodeProtectedHeader(answer.access_token)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
      const claims = decodeJwt(answer.access_token);
      const now = Math.floor(t.clock.now().getTime() / 1000);
      expect(claims).toMatchObject({
        iss: t.config.apiTokens.issuer,
        aud: `${t.config.apiTokens.issuer}/rest`,
        sub: client.clientId,
        client_id: client.clientId,
        customer_id: w.customer.id,
        scope: 'positions:read price-alerts:write',
        iat: now,
        exp: now + 900,
      });
      expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    }
    const row = await t.db
      .selectFrom('api_clients')
      .select('last_used_at')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });

  it('grants a subset of the scopes when asked, a write scope covering its read', async () => {
    const client = await aClient();
    const response = await requestToken(t, client, {
      form: { scope: 'price-alerts:read positions:read' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ scope: 'price-alerts:read positions:read' });
    for (const scope of ['clicks:read', 'everything', 'positions:read budgets:read']) {
      expectRefusal(await requestToken(t, client, { form: { scope } }), 400, 'invalid_scope');
    }
  });

  it('refuses a wrong secret, an unknown client and no client authentication: 401', async () => {
    const client = await aClient();
    const wrong = await requestToken(t, { ...client, clientSecret: `${client.clientSecret}x` });
    expectRefusal(wrong, 401, 'invalid_client');
    expect(wrong.headers['www-authenticate']).toBe('Basic realm="klik"');
    expectRefusal(
      await requestToken(t, { clientId: 'kc_nobody', clientSecret: client.clientSecret }),
      401,
      'invalid_client',
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expectRefusal(anonymous, 401, 'invalid_client');
    const bearerHeader = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.token,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: 'Bearer abc',
      },
      payload: 'grant_type=client_credentials',
    });
    expectRefusal(bearerHeader, 401, 'invalid_client');
  });

  it('refuses malformed requests with invalid_request and other grants as unsupported', async () => {
    const client = await aClient();
    expectRefusal(
      await requestToken(t, client, { form: { grant_type: 'password' } }),
      400,
      'unsupported_grant_type',
    );
    expectRefusal(
      await requestToken(t, client, { form: { grant_type: '' } }),
      400,
      'invalid_request',
    );
    const json = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.token,
      payload: { grant_type: 'client_credentials', ...client },
    });
    expectRefusal(json, 400, 'invalid_request');
    const text = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.token,
      headers: { 'content-type': 'text/plain' },
      payload: 'grant_type=client_credentials',
    });
    expectRefusal(text, 400, 'invalid_request');
    const malformed = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expectRefusal(malformed, 400, 'invalid_request');
    const twice = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&grant_type=client_credentials&client_id=${client.clientId}&client_secret=${client.clientSecret}`,
    });
    expectRefusal(twice, 400, 'invalid_request');
    const both = await requestToken(t, client, {
      form: { client_id: client.clientId, client_secret: client.clientSecret },
    });
    expectRefusal(both, 400, 'invalid_request');
  });

  it('refuses a revoked or expired client (invalid_grant) and a foreign address', async () => {
    const expiring = await aClient({ expiresAt: '2026-03-02T10:00:00Z' });
    expect((await requestToken(t, expiring)).statusCode).toBe(200);
    t.clock.advanceMinutes(61);
    try {
      expectRefusal(await requestToken(t, expiring), 400, 'invalid_grant');
    } finally {
      t.clock.advanceMinutes(-61);
    }
    const revoked = await aClient();
    await t.db
      .updateTable('api_clients')
      .set({ revoked_at: t.clock.now() })
      .where('id', '=', revoked.id)
      .execute();
    expectRefusal(await requestToken(t, revoked), 400, 'invalid_grant');

    const fenced = await aClient({ ipAllowList: ['198.51.100.0/24'] });
    expectRefusal(await requestToken(t, fenced, { ip: '203.0.113.9' }), 400, 'unauthorized_client');
    expect((await requestToken(t, fenced, { ip: '198.51.100.77' })).statusCode).toBe(200);
  });

  it('matches addresses and ranges of both families', () => {
    expect(ipAllowed([], '203.0.113.9')).toBe(true);
    expect(ipAllowed(['198.51.100.0/24'], '::ffff:198.51.100.3')).toBe(true);
    expect(ipAllowed(['198.51.100.0/24'], '198.51.101.3')).toBe(false);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(['2001:db8::1'], '2001:db8::2')).toBe(false);
    expect(ipAllowed(['192.0.2.1'], 'not an address')).toBe(false);
  });
});
