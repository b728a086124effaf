import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_SCOPES,
  BUDGET_PATHS,
  CLICK_PATHS,
  INTEGRATION_PATHS,
  LOCALE_HEADER,
  pathTo,
  POSITION_PATHS,
  PRICE_ALERT_PATHS,
  STANDING_ORDER_PATHS,
  type ApiScope,
} from '@klik/api';
import { bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';
import {
  accessToken,
  apiWorld,
  clientWithToken,
  createClient,
  type ApiWorld,
} from './api-clients-test-kit';

let t: TestApp;
let w: ApiWorld;
let all: Awaited<ReturnType<typeof clientWithToken>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await apiWorld(t);
  all = await clientWithToken(t, w, [...API_SCOPES]);
}, 60_000);

afterAll(async () => {
  await t.close();
});

interface ApiCall {
  scope: ApiScope;
  method: 'GET' | 'POST' | 'DELETE';
  url: (customerId: number, contractId: string, contractRow: number) => string;
  payload?: (contractRow: number) => unknown;
  ok: number;
}

/** Every call of the machine API, with a body where it takes one. */
const CALLS: ApiCall[] = [
  {
    scope: 'positions:read',
    method: 'GET',
    url: (customerId) => pathTo(POSITION_PATHS.customerContractData, { customerId }),
    ok: 200,
  },
  {
    scope: 'positions:read',
    method: 'GET',
    url: (customerId, contractId) =>
      pathTo(POSITION_PATHS.contractData, { customerId, contractId }),
    ok: 200,
  },
  {
    scope: 'positions:read',
    method: 'GET',
    url: (customerId) => pathTo(POSITION_PATHS.customerSummary, { customerId }),
    ok: 200,
  },
  {
    scope: 'clicks:read',
    method: 'GET',
    url: (customerId) => pathTo(CLICK_PATHS.list, { customerId }),
    ok: 200,
  },
  {
    scope: 'clicks:read',
    method: 'GET',
    url: (customerId) => pathTo(CLICK_PATHS.results, { customerId }),
    ok: 200,
  },
  {
    scope: 'clicks:read',
    method: 'GET',
    url: (customerId) => pathTo(INTEGRATION_PATHS.clickChanges, { customerId }),
    ok: 200,
  },
  {
    scope: 'notifications:read',
    method: 'GET',
    url: (customerId) => pathTo(INTEGRATION_PATHS.notifications, { customerId }),
    ok: 200,
  },
  {
    scope: 'budgets:read',
    method: 'GET',
    url: (customerId) => pathTo(BUDGET_PATHS.budgets, { customerId }),
    ok: 200,
  },
  {
    scope: 'budgets:read',
    method: 'GET',
    url: (customerId, contractId) =>
      pathTo(BUDGET_PATHS.budget, { customerId, contractId, yearOfSupply: 2027 }),
    ok: 200,
  },
  {
    scope: 'standing-orders:read',
    method: 'GET',
    url: (customerId) => pathTo(STANDING_ORDER_PATHS.list, { customerId }),
    ok: 200,
  },
  {
    scope: 'price-alerts:read',
    method: 'GET',
    url: (customerId) => pathTo(PRICE_ALERT_PATHS.list, { customerId }),
    ok: 200,
  },
  {
    scope: 'price-alerts:read',
    method: 'GET',
    url: (customerId) => pathTo(PRICE_ALERT_PATHS.options, { customerId }),
    ok: 200,
  },
  {
    scope: 'price-alerts:write',
    method: 'POST',
    url: (customerId) => pathTo(PRICE_ALERT_PATHS.list, { customerId }),
    payload: (contract) => ({
      contract,
      yearOfSupply: 2027,
      maturity: 'Q1',
      market: 'OTC',
      direction: 'EQUAL_OR_LOWER',
      price: '80',
      recipients: [w.manager.id],
      expiresOn: '2026-12-31',
    }),
    ok: 201,
  },
];

function call(token: string, apiCall: ApiCall, customer: 'own' | 'other', ip?: string) {
  const own = customer === 'own';
  const contract = own ? w.contract : w.otherContract;
  return t.app.inject({
    method: apiCall.method,
    url: apiCall.url(own ? w.customer.id : w.other.id, contract.contractId, contract.id),
    headers: bearer(token),
    payload: apiCall.payload?.(contract.id) as never,
    remoteAddress: ip,
  });
}

describe(`the machine API on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it("answers every call about the client's customer, and 403 about any other", async () => {
    for (const apiCall of CALLS) {
      const own = await call(all.token, apiCall, 'own');
      expect(own.statusCode, `${apiCall.method} ${apiCall.url(1, 'c', 1)}: ${own.body}`).toBe(
        apiCall.ok,
      );
      const other = await call(all.token, apiCall, 'other');
      expect(other.statusCode, `${apiCall.method} other: ${other.body}`).toBe(403);
      const nobody = await t.app.inject({
        method: apiCall.method,
        url: apiCall.url(999_999, 'KL-NONE', 999_999),
        headers: bearer(all.token),
        payload: apiCall.payload?.(999_999) as never,
      });
      expect(nobody.statusCode, `${apiCall.method} missing: ${nobody.body}`).toBe(403);
    }
  });

  it('checks the scope on every call: a token without it gets 403 insufficient_scope', async () => {
    for (const apiCall of CALLS) {
      const others = API_SCOPES.filter(
        (scope) => scope !== apiCall.scope && scope !== apiCall.scope.replace(':read', ':write'),
      );
      const client = await createClient(t, await w.token(w.manager), w.customer.id, {
        scopes: others,
      });
      const response = await call(await accessToken(t, client), apiCall, 'own');
      expect(response.statusCode, `${apiCall.method} ${apiCall.url(1, 'c', 1)}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'SCOPE_NOT_GRANTED' });
      expect(response.headers['www-authenticate']).toBe(
        `Bearer error="insufficient_scope", scope="${apiCall.scope}"`,
      );
    }
  });

  it('takes access tokens only on routes of the machine API', async () => {
    for (const url of [
      pathTo(CLICK_PATHS.counter, { customerId: w.customer.id }),
      pathTo(INTEGRATION_PATHS.clients, { customerId: w.customer.id }),
      '/rest/notifications',
    ]) {
      const response = await t.app.inject({ url, headers: bearer(all.token) });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('refuses an expired, a forged, a rotated-away and a revoked token at once', async () => {
    const { client, token } = await clientWithToken(t, w, ['clicks:read']);
    const url = pathTo(CLICK_PATHS.list, { customerId: w.customer.id });
    const get = (bearerToken: string) =>
      t.app.inject({ url, headers: bearer(bearerToken) }).then((r) => r.statusCode);
    expect(await get(token)).toBe(200);
    const [head, body] = token.split('.');
    expect(await get(`${head}.${body}.${'A'.repeat(43)}`)).toBe(401);

    t.clock.advanceMinutes(15);
    try {
      const expired = await t.app.inject({ url, headers: bearer(token) });
      expect(expired.statusCode).toBe(401);
      expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    } finally {
      t.clock.advanceMinutes(-15);
    }

    const manager = await w.token(w.manager);
    const params = { customerId: w.customer.id, apiClientId: client.id };
    const rotated = await t.app.inject({
      method: 'POST',
      url: pathTo(INTEGRATION_PATHS.rotateClient, params),
      headers: bearer(manager),
    });
    expect(rotated.statusCode).toBe(200);
    expect(await get(token)).toBe(401);
    const fresh = await accessToken(t, {
      clientId: client.clientId,
      clientSecret: (rotated.json() as { clientSecret: string }).clientSecret,
    });
    expect(await get(fresh)).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: pathTo(INTEGRATION_PATHS.client, params),
      headers: bearer(manager),
    });
    expect(await get(fresh)).toBe(401);
  });

  it('ends a live token when its client expires, and when its customer is deactivated', async () => {
    const client = await createClient(t, await w.token(w.manager), w.customer.id, {
      scopes: ['clicks:read'],
      expiresAt: '2026-03-02T09:05:00Z',
    });
    const token = await accessToken(t, client);
    const list = CALLS.find((c) => c.url(1, 'c', 1) === '/rest/clicks/1') as ApiCall;
    expect((await call(token, list, 'own')).statusCode).toBe(200);
    t.clock.advanceMinutes(6);
    try {
      expect((await call(token, list, 'own')).statusCode).toBe(401);
    } finally {
      t.clock.advanceMinutes(-6);
    }
    const { token: live } = await clientWithToken(t, w, ['clicks:read']);
    await t.db
      .updateTable('customers')
      .set({ active: false })
      .where('id', '=', w.customer.id)
      .execute();
    try {
      expect((await call(live, list, 'own')).statusCode).toBe(401);
    } finally {
      await t.db
        .updateTable('customers')
        .set({ active: true })
        .where('id', '=', w.customer.id)
        .execute();
    }
  });

  it('enforces the IP allow-list on every call', async () => {
    const client = await createClient(t, await w.token(w.manager), w.customer.id, {
      scopes: ['clicks:read'],
      ipAllowList: ['198.51.100.0/24'],
    });
    const token = await accessToken(t, client, { ip: '198.51.100.5' });
    const list = CALLS.find((c) => c.url(1, 'c', 1) === '/rest/clicks/1') as ApiCall;
    expect((await call(token, list, 'own', '198.51.100.6')).statusCode).toBe(200);
    const elsewhere = await call(token, list, 'own', '203.0.113.1');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: 'IP_NOT_ALLOWED' });
  });

  it('audits a change with the client as actor, and never a person', async () => {
    const create = CALLS.find((c) => c.method === 'POST') as ApiCall;
    const response = await call(all.token, create, 'own');
    expect(response.statusCode, response.body).toBe(201);
    const { id, version } = response.json() as { id: number; version: number };
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${pathTo(PRICE_ALERT_PATHS.alert, { customerId: w.customer.id, alertId: id })}?version=${version}`,
      headers: bearer(all.token),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'actor_username', 'impersonator_user_id', 'details'])
      .where('subject', '=', `priceAlert:${id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['priceAlert.create', 'priceAlert.delete']);
    for (const row of audit) {
      expect(row).toMatchObject({
        actor_user_id: null,
        actor_username: `api-client:${all.client.clientId}`,
        impersonator_user_id: null,
        details: { apiClient: { id: all.client.id, name: 'ERP' } },
      });
    }
  });
});

describe('the rate limit per client, and the machine API document', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await buildTestApp({
      env: { API_RATE_BURST: '2', API_RATE_PER_MINUTE: '30', DOCS: 'true' },
    });
  }, 60_000);

  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After in the asked language once the bucket is empty', async () => {
    const world = await apiWorld(limited);
    const { token } = await clientWithToken(limited, world, ['clicks:read']);
    const url = pathTo(CLICK_PATHS.list, { customerId: world.customer.id });
    const get = (locale: string) =>
      limited.app.inject({ url, headers: { ...bearer(token), [LOCALE_HEADER]: locale } });
    expect((await get('nl')).statusCode).toBe(200);
    expect((await get('nl')).statusCode).toBe(200);
    const refused = await get('en');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests from this API client. Try again in 2 seconds.',
      retryAfterSeconds: 2,
    });
    expect((await get('nl')).json()).toMatchObject({
      message: 'Te veel verzoeken van deze API-client. Probeer het over 2 seconden opnieuw.',
    });
    limited.clock.advance(2000);
    expect((await get('nl')).statusCode).toBe(200);
  });

  it('publishes only the machine API at /docs/api, each call with its scope and an example', async () => {
    const response = await limited.app.inject({ url: '/docs/api' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, Record<string, { security: unknown[]; operationId: string }>>;
      components: { securitySchemes: Record<string, { type: string }> };
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBe(CALLS.length + 3);
    expect(document.paths['/oauth/token']).toBeDefined();
    expect(document.paths['/rest/clickcounter/{customerId}']).toBeUndefined();
    expect(document.paths['/rest/integrations/{customerId}/clients']).toBeUndefined();
    expect(document.components.securitySchemes.oauth2?.type).toBe('oauth2');
    expect(document.paths['/rest/integrations/{customerId}/clicks/changes']?.get?.security).toEqual(
      [{ oauth2: ['clicks:read'] }],
    );
    for (const { operation } of operations) expect(operation.operationId).toMatch(/^[a-z]/);
  });
});
