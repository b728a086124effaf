import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_PATHS,
  WebhookDeliveryPageSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  pathTo,
} from '@klik/api';
import { bearer, buildTestApp, testConfig, type TestApp } from '../../../test/test-app';
import { createEndpoint, webhookWorld, type WebhookWorld } from './webhooks-test-kit';

let t: TestApp;
let w: WebhookWorld;
const KEY = Buffer.alloc(32, 7).toString('base64');

beforeAll(async () => {
  t = await buildTestApp({ env: { WEBHOOK_ENCRYPTION_KEY: KEY } });
  w = await webhookWorld(t);
});
afterAll(async () => t.close());

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: WebhookWorld['manager'],
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: bearer(await w.token(user)),
    ...(payload ? { payload } : {}),
  });
}

const endpoints = (customerId: number) => pathTo(WEBHOOK_PATHS.endpoints, { customerId });
const endpoint = (customerId: number, endpointId: number) =>
  pathTo(WEBHOOK_PATHS.endpoint, { customerId, endpointId });

async function endpointRows() {
  return t.db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

async function auditOf(endpointId: number) {
  const rows = await t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_username', 'customer_ids', 'details'])
    .where('subject', '=', `webhookEndpoint:${endpointId}`)
    .orderBy('id')
    .execute();
  return rows;
}

describe('webhook endpoints', () => {
  it('creates one for the user manager, shows the secret once and stores it sealed', async () => {
    const created = await createEndpoint(t, w, 'https://erp.example.test/klik', [
      'click.created',
      'click.completed',
    ]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBe(32);
    expect(created).toMatchObject({ enabled: true, disabledReason: null, description: '' });

    const stored = (await endpointRows()).find((row) => row.id === created.id);
    expect(stored?.secret).toMatch(/^v1:/);
    expect(stored?.secret).not.toContain(created.secret.slice(6));

    const list = await call('GET', endpoints(w.customerId), w.manager);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    const parsed = WebhookEndpointListSchema.parse(list.json());
    expect(parsed.data.map((row) => row.id)).toContain(created.id);

    expect(await auditOf(created.id)).toEqual([
      expect.objectContaining({
        action: 'webhookEndpoint.create',
        actor_username: w.manager.username,
        customer_ids: [w.customerId],
      }),
    ]);
    expect(JSON.stringify(await auditOf(created.id))).not.toContain(created.secret);
  });

  it('changes, switches off and on, rotates and deletes, each audited', async () => {
    const created = await createEndpoint(t, w, 'https://erp.example.test/a', ['click.created']);
    const changed = await call('PUT', endpoint(w.customerId, created.id), w.manager, {
      url: 'https://erp.example.test/b',
      description: 'ERP',
      eventTypes: ['trading.paused', 'trading.resumed'],
      enabled: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(WebhookEndpointSchema.parse(changed.json())).toMatchObject({
      url: 'https://erp.example.test/b',
      enabled: false,
      disabledReason: 'BY_USER',
    });
    const enabled = await call('PUT', endpoint(w.customerId, created.id), w.manager, {
      url: 'https://erp.example.test/b',
      description: 'ERP',
      eventTypes: ['trading.paused'],
      enabled: true,
    });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null });

    const rotated = await call(
      'POST',
      pathTo(WEBHOOK_PATHS.rotateSecret, { customerId: w.customerId, endpointId: created.id }),
      w.manager,
    );
    expect(rotated.statusCode).toBe(200);
    const withSecret = WebhookEndpointWithSecretSchema.parse(rotated.json());
    expect(withSecret.secret).not.toBe(created.secret);
    expect(withSecret.previousSecretValidUntil).toBe(
      new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString(),
    );

    const removed = await call('DELETE', endpoint(w.customerId, created.id), w.manager);
    expect(removed.statusCode).toBe(204);
    expect((await endpointRows()).some((row) => row.id === created.id)).toBe(false);
    expect((await auditOf(created.id)).map((row) => row.action)).toEqual([
      'webhookEndpoint.create',
      'webhookEndpoint.update',
      'webhookEndpoint.update',
      'webhookEndpoint.rotateSecret',
      'webhookEndpoint.delete',
    ]);
  });

  it.each([
    [{ url: 'ftp://erp.example.test/x' }],
    [{ url: 'https://user:pw@erp.example.test/x' }],
    [{ url: 'not a url' }],
    [{ url: `https://erp.example.test/${'x'.repeat(2000)}` }],
    [{ url: 'https://erp.example.test/\u0000' }],
    [{ eventTypes: [] }],
    [{ eventTypes: ['click.created', 'click.created'] }],
    [{ eventTypes: ['click.exploded'] }],
    [{ eventTypes: ['webhook.test'] }],
    [{ description: 'x'.repeat(201) }],
    [{ url: undefined }],
  ])('refuses %j with 400, changing nothing', async (change) => {
    const before = await endpointRows();
    const response = await call('POST', endpoints(w.customerId), w.manager, {
      url: 'https://erp.example.test/ok',
      eventTypes: ['click.created'],
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await endpointRows()).toEqual(before);
  });

  it('refuses bad ids and queries with 400', async () => {
    const created = await createEndpoint(t, w, 'https://erp.example.test/q', ['click.created']);
    const base = pathTo(WEBHOOK_PATHS.deliveries, {
      customerId: w.customerId,
      endpointId: created.id,
    });
    for (const url of [
      `${base}?size=0`,
      `${base}?page=-1`,
      `${base}?status=lost`,
      endpoints(0),
      `/rest/integrations/${w.customerId}/webhooks/1e1/deliveries`,
      `${base}/msg_nothex/replay`,
    ]) {
      const response = await call(url.endsWith('replay') ? 'POST' : 'GET', url, w.manager);
      expect(response.statusCode, url).toBe(400);
    }
    const page = await call('GET', `${base}?page=0&size=5&status=pending`, w.manager);
    expect(WebhookDeliveryPageSchema.parse(page.json())).toMatchObject({ page: 0, size: 5 });
  });

  it('requires https in production', async () => {
    const config = testConfig({ WEBHOOK_ENCRYPTION_KEY: KEY });
    const production = await buildTestApp({
      config: { ...config, webhooks: { ...config.webhooks, httpsRequired: true } },
    });
    try {
      const world = await webhookWorld(production);
      const response = await production.app.inject({
        method: 'POST',
        url: endpoints(world.customerId),
        headers: bearer(await world.token(world.manager)),
        payload: { url: 'http://erp.example.test/x', eventTypes: ['click.created'] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { field: 'url', reason: 'HTTPS_REQUIRED' },
      });
      expect(await production.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual([]);
    } finally {
      await production.close();
    }
  });
});

describe('who may manage webhook endpoints', () => {
  it('lets an administrator manage any customer, 404 for a missing one', async () => {
    const created = await call('POST', endpoints(w.otherCustomerId), w.admin, {
      url: 'https://other.example.test/x',
      eventTypes: ['click.created'],
    });
    expect(created.statusCode).toBe(201);
    expect((await call('GET', endpoints(999_999), w.admin)).statusCode).toBe(404);
    expect((await call('GET', endpoint(w.customerId, 999_999), w.admin)).statusCode).toBe(404);
  });

  it("refuses a plain user, another customer's manager and another customer's endpoint", async () => {
    const mine = await createEndpoint(t, w, 'https://erp.example.test/mine', ['click.created']);
    const theirs = await createEndpoint(
      t,
      w,
      'https://other.example.test/theirs',
      ['click.created'],
      w.otherCustomerId,
    );
    const before = await endpointRows();
    const body = { url: 'https://evil.example.test/', eventTypes: ['click.created'] };
    const update = { ...body, description: '', enabled: true };
    const refusals: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['user lists', 'GET', endpoints(w.customerId)],
      ['user creates', 'POST', endpoints(w.customerId), body],
      ['other manager lists', 'GET', endpoints(w.customerId)],
      ['other manager changes', 'PUT', endpoint(w.customerId, mine.id), update],
      ['manager reaches theirs', 'PUT', endpoint(w.customerId, theirs.id), update],
      ['manager deletes theirs', 'DELETE', endpoint(w.customerId, theirs.id)],
      [
        'manager rotates theirs',
        'POST',
        pathTo(WEBHOOK_PATHS.rotateSecret, { customerId: w.customerId, endpointId: theirs.id }),
      ],
      [
        'manager tests theirs',
        'POST',
        pathTo(WEBHOOK_PATHS.test, { customerId: w.customerId, endpointId: theirs.id }),
      ],
      [
        'manager reads their log',
        'GET',
        pathTo(WEBHOOK_PATHS.deliveries, { customerId: w.customerId, endpointId: theirs.id }),
      ],
    ];
    for (const [what, method, url, payload] of refusals) {
      const who = what.startsWith('user')
        ? w.user
        : what.startsWith('other')
          ? w.otherManager
          : w.manager;
      const response = await call(method, url, who, payload);
      expect(response.statusCode, what).toBe(403);
    }
    expect(await endpointRows()).toEqual(before);
  });
});
