import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClientListSchema, ApiClientSchema, INTEGRATION_PATHS, pathTo } from '@klik/api';
import { bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';
import { hashClientSecret } from './api-client-secrets';
import { apiWorld, createClient, requestToken, type ApiWorld } from './api-clients-test-kit';

let t: TestApp;
let w: ApiWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await apiWorld(t);
}, 60_000);

afterAll(async () => {
  await t.close();
});

const clientsOf = (customerId: number) => pathTo(INTEGRATION_PATHS.clients, { customerId });

async function auditOf(subject: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_username', 'details', 'customer_ids'])
    .where('subject', '=', subject)
    .orderBy('id')
    .execute();
}

describe(`API clients on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('creates a client for a user manager, shows its secret once and keeps only its hash', async () => {
    const client = await createClient(t, await w.token(w.manager), w.customer.id, {
      name: '  Treasury  ',
      scopes: ['positions:read', 'price-alerts:write'],
      ipAllowList: ['198.51.100.0/24', '2001:db8::1', '198.51.100.0/24'],
      expiresAt: '2027-01-01T00:00:00Z',
    });
    expect(client).toMatchObject({
      name: 'Treasury',
      scopes: ['positions:read', 'price-alerts:write'],
      ipAllowList: ['198.51.100.0/24', '2001:db8::1'],
      expiresAt: '2027-01-01T00:00:00.000Z',
      createdBy: w.manager.username,
      status: 'active',
      lastUsedAt: null,
    });
    expect(client.clientId).toMatch(/^kc_[0-9a-f]{24}$/);
    expect(client.clientSecret).toMatch(/^ks_[A-Za-z0-9_-]{43}$/);

    const row = await t.db
      .selectFrom('api_clients')
      .selectAll()
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashClientSecret(client.clientSecret));
    expect(JSON.stringify(row)).not.toContain(client.clientSecret);
    expect(JSON.stringify(row)).not.toContain(client.clientSecret.slice(3));

    const list = await t.app.inject({
      url: clientsOf(w.customer.id),
      headers: bearer(await w.token(w.manager)),
    });
    expect(list.statusCode).toBe(200);
    const listed = ApiClientListSchema.parse(list.json()).data.find((c) => c.id === client.id);
    expect(listed).toBeDefined();
    expect(list.body).not.toContain(client.clientSecret);

    const [audit] = await auditOf(`apiClient:${client.id}`);
    expect(audit).toMatchObject({
      action: 'apiClient.create',
      actor_username: w.manager.username,
      customer_ids: [w.customer.id],
    });
    expect(JSON.stringify(audit?.details)).not.toContain(client.clientSecret);
  });

  it('refuses who may not manage the customer: 403, and 404 to an admin for no customer', async () => {
    const payload = { name: 'x', scopes: ['positions:read'] };
    const cases: [string, number, number][] = [
      [await w.token(w.otherManager), w.customer.id, 403],
      [await w.token(w.plain), w.customer.id, 403],
      [await w.token(w.accountManager), w.customer.id, 403],
      [await w.token(w.manager), 999_999, 403],
      [await w.token(w.admin), 999_999, 404],
    ];
    for (const [token, customerId, status] of cases) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({
          method,
          url: clientsOf(customerId),
          headers: bearer(token),
          payload: method === 'POST' ? payload : undefined,
        });
        expect(response.statusCode, `${method} ${response.body}`).toBe(status);
      }
    }
  });

  it('lets an admin create read clients for any customer, but grant no write scope', async () => {
    const adminToken = await w.token(w.admin);
    const client = await createClient(t, adminToken, w.other.id, { scopes: ['clicks:read'] });
    expect(client.createdBy).toBe(w.admin.username);
    const refused = await t.app.inject({
      method: 'POST',
      url: clientsOf(w.other.id),
      headers: bearer(adminToken),
      payload: { name: 'x', scopes: ['price-alerts:write'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'RIGHTS_EXCEEDED' });
  });

  it('answers every bad field with its code and the field', async () => {
    const token = await w.token(w.manager);
    const bad: [Record<string, unknown>, string, string][] = [
      [{ scopes: ['positions:read'] }, 'NAME_REQUIRED', 'name'],
      [{ name: ' ', scopes: ['positions:read'] }, 'NAME_REQUIRED', 'name'],
      [{ name: 'x'.repeat(101), scopes: ['positions:read'] }, 'NAME_INVALID', 'name'],
      [{ name: 'x', scopes: [] }, 'SCOPES_REQUIRED', 'scopes'],
      [{ name: 'x', scopes: ['everything'] }, 'SCOPES_REQUIRED', 'scopes/0'],
      [{ name: 'x', scopes: ['clicks:read', 'clicks:read'] }, 'SCOPES_REQUIRED', 'scopes'],
      [
        { name: 'x', scopes: ['clicks:read'], ipAllowList: ['10.0.0.0/33'] },
        'IP_ALLOW_LIST_INVALID',
        'ipAllowList/0',
      ],
      [
        { name: 'x', scopes: ['clicks:read'], ipAllowList: ['example.com'] },
        'IP_ALLOW_LIST_INVALID',
        'ipAllowList/0',
      ],
      [
        { name: 'x', scopes: ['clicks:read'], expiresAt: '2026-03-01T00:00:00Z' },
        'CLIENT_EXPIRY_INVALID',
        'expiresAt',
      ],
    ];
    for (const [payload, code, field] of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: clientsOf(w.customer.id),
        headers: bearer(token),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ code, details: { field } });
    }
  });

  it('rotates a secret: the old one stops, the new one works, both audited', async () => {
    const token = await w.token(w.manager);
    const client = await createClient(t, token, w.customer.id, { scopes: ['clicks:read'] });
    const rotate = await t.app.inject({
      method: 'POST',
      url: pathTo(INTEGRATION_PATHS.rotateClient, {
        customerId: w.customer.id,
        apiClientId: client.id,
      }),
      headers: bearer(token),
    });
    expect(rotate.statusCode, rotate.body).toBe(200);
    const rotated = rotate.json() as { clientSecret: string; rotatedAt: string | null };
    expect(rotated.clientSecret).not.toBe(client.clientSecret);
    expect(rotated.rotatedAt).not.toBeNull();
    expect((await requestToken(t, client)).statusCode).toBe(401);
    const fresh = { clientId: client.clientId, clientSecret: rotated.clientSecret };
    expect((await requestToken(t, fresh)).statusCode).toBe(200);
    expect((await auditOf(`apiClient:${client.id}`)).map((row) => row.action)).toEqual([
      'apiClient.create',
      'apiClient.rotate',
    ]);
  });

  it('revokes a client once; a revoked client is not rotated', async () => {
    const token = await w.token(w.manager);
    const client = await createClient(t, token, w.customer.id, { scopes: ['clicks:read'] });
    const url = pathTo(INTEGRATION_PATHS.client, {
      customerId: w.customer.id,
      apiClientId: client.id,
    });
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(ApiClientSchema.parse(response.json()).status).toBe('revoked');
    }
    const rotate = await t.app.inject({
      method: 'POST',
      url: `${url}/rotate`,
      headers: bearer(token),
    });
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json()).toMatchObject({ code: 'API_CLIENT_NOT_ACTIVE' });
    expect((await auditOf(`apiClient:${client.id}`)).map((row) => row.action)).toEqual([
      'apiClient.create',
      'apiClient.revoke',
    ]);
  });

  it("refuses another customer's client by id: 403 to its user manager, 404 to an admin", async () => {
    const client = await createClient(t, await w.token(w.manager), w.customer.id, {
      scopes: ['clicks:read'],
    });
    const asOther = await t.app.inject({
      method: 'DELETE',
      url: pathTo(INTEGRATION_PATHS.client, { customerId: w.other.id, apiClientId: client.id }),
      headers: bearer(await w.token(w.otherManager)),
    });
    expect(asOther.statusCode).toBe(403);
    const asAdmin = await t.app.inject({
      method: 'DELETE',
      url: pathTo(INTEGRATION_PATHS.client, { customerId: w.other.id, apiClientId: client.id }),
      headers: bearer(await w.token(w.admin)),
    });
    expect(asAdmin.statusCode).toBe(404);
  });
});
