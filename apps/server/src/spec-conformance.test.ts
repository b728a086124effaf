import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/builders';
import {
  executeOk,
  purchaseWorld,
  quoteOk,
  type PurchaseWorld,
} from './modules/purchase/purchase-test-kit';
import { TestSocket } from './modules/realtime/ws-test-client';

/*
 * A client written from the specification alone (portal-spec.md, section 7 "Calls"): the paths,
 * bodies, headers and field names exactly as the spec writes them, over HTTP against a started
 * server. Nothing here uses Klik's own schemas or path constants, on purpose: when Klik's answer
 * drifts from the spec's, this is the test that notices. The scene (a customer, its user, a
 * completed click that leaves a notification with an attachment) is set up with the test kit.
 */

let world: PurchaseWorld;
let base: string;
let admin: { username: string; password: string };

/** A call as a spec client makes it: the token in Authorization, the locale header, JSON. */
async function call(
  method: string,
  path: string,
  options: { token?: string; body?: string; contentType?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { locale: 'nl' };
  if (options.token) headers.authorization = options.token;
  if (options.contentType) headers['content-type'] = options.contentType;
  return fetch(`${base}${path}`, { method, headers, body: options.body });
}

async function login(username: string, password: string): Promise<Record<string, unknown>> {
  const response = await call('POST', '/rest/authentication/login', {
    body: JSON.stringify({ username, password }),
    contentType: 'application/json',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  world = await purchaseWorld();
  await executeOk(world, (await quoteOk(world)).quoteId);
  // The click desk completes it; its notification carries the click confirmation.
  world.t.clock.advance(10_000);
  await world.t.app.purchase.desk.runOnce();
  admin = await createUser(world.t.db, { role: 'admin' });
  await world.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(world.t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await world.t.close();
});

describe('a client that knows only the spec (section 7)', () => {
  it('logs in: a user session, and 403 for invalid credentials', async () => {
    const session = await login(world.user.username, world.user.password);
    expect(session).toMatchObject({
      token: expect.any(String),
      role: 'customer',
      allowTPIPage: false,
    });
    expect(session.allowedCustomers).toEqual([
      expect.objectContaining({ id: world.customer.id, dashboards: expect.any(Array) }),
    ]);
    const refused = await call('POST', '/rest/authentication/login', {
      body: JSON.stringify({ username: world.user.username, password: 'not-the-password' }),
      contentType: 'application/json',
    });
    expect(refused.status).toBe(403);
  });

  it('sets the locale with an empty body, and reads the locales and the trading status', async () => {
    const { token } = (await login(world.user.username, world.user.password)) as { token: string };
    const setLocale = await call('PUT', '/rest/authentication/admin/setLocale/en', {
      token,
      contentType: 'application/json',
    });
    expect(setLocale.status).toBeLessThan(300);
    expect((await call('GET', '/rest/locale/available', { token })).status).toBe(200);
    const status = await call('GET', '/rest/tradingstatus', { token });
    expect(await status.json()).toMatchObject({ pauzeActive: false });
  });

  it('reads the contract data of the customer, of a dashboard and of one contract', async () => {
    const session = await login(world.user.username, world.user.password);
    const token = session.token as string;
    const customers = session.allowedCustomers as { id: number; dashboards: { id: number }[] }[];
    const all = await call('GET', `/rest/contractData/${world.customer.id}`, { token });
    expect(all.status).toBe(200);
    const contracts = (await all.json()) as { contractId: string }[];
    expect(contracts.map((contract) => contract.contractId)).toContain(world.contract.contractId);
    const dashboard = customers[0]?.dashboards[0];
    if (dashboard) {
      const shown = await call('GET', `/rest/dashboardContractData/${dashboard.id}`, { token });
      expect(shown.status).toBe(200);
      expect(Array.isArray(await shown.json())).toBe(true);
    }
    const one = await call(
      'GET',
      `/rest/contractData/contract/${world.customer.id}/${world.contract.contractId}`,
      { token },
    );
    expect(await one.json()).toMatchObject({
      contractId: world.contract.contractId,
      commodity: 'Power',
      clicks: expect.any(Array),
      statusPerContract: expect.anything(),
    });
  });

  it('pages, counts, reads and downloads notifications on the notification backend', async () => {
    const { token } = (await login(world.user.username, world.user.password)) as { token: string };
    const latest = await call('GET', '/rest/notifications', { token });
    const unread = (
      (await latest.json()) as { data: { id: number; localeId: string; hasAttachment: boolean }[] }
    ).data;
    expect(unread.map((notification) => notification.localeId)).toContain(
      'notification.CLICK_COMPLETED',
    );
    const page = await call('GET', '/rest/notifications?page=0&size=10&sort=-publishDate', {
      token,
    });
    expect(((await page.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const count = await call('GET', '/rest/notifications/active/count', { token });
    expect(await count.json()).toEqual({ data: unread.length });

    const notification = unread.find((n) => n.hasAttachment) as { id: number; localeId: string };
    const attachment = await call(
      'GET',
      `/rest/notification/${notification.id}/locale/${notification.localeId}/attachment`,
      { token },
    );
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get('content-disposition')).toMatch(/filename=/);

    const read = await call('PUT', `/rest/notification/${notification.id}/read`, {
      token,
      contentType: 'application/json',
    });
    expect(read.status).toBeLessThan(300);
    const after = await call('GET', '/rest/notifications/active/count', { token });
    expect(await after.json()).toEqual({ data: unread.length - 1 });
  });

  it('logs in as another user with the username as body, and logs out with the token as body', async () => {
    const { token } = (await login(admin.username, admin.password)) as { token: string };
    const loginAs = await call('POST', '/rest/authentication/loginAs', {
      token,
      body: world.user.username,
      contentType: 'text/plain',
    });
    expect(loginAs.status).toBe(200);
    const session = (await loginAs.json()) as { token: string; role: string };
    expect(session).toMatchObject({ token: expect.any(String), role: 'customer' });
    const logout = await call('POST', '/rest/authentication/logout', {
      body: session.token,
      contentType: 'text/plain',
    });
    expect(logout.status).toBeLessThan(300);
    const gone = await call('GET', `/rest/contractData/${world.customer.id}`, {
      token: session.token,
    });
    expect(gone.status).toBe(401);
  });

  it('opens the websocket at its address plus the token, and hears the spec events', async () => {
    const { token } = (await login(world.user.username, world.user.password)) as { token: string };
    const socket = await TestSocket.open(`${base.replace('http', 'ws')}/ws/${token}`);
    try {
      await socket.next('socketUpdate');
      await executeOk(world, (await quoteOk(world, { maturity: 'Q2' })).quoteId);
      const update = await socket.next('clickUpdate');
      expect(update.payload).toMatchObject({ contractId: world.contract.contractId });
    } finally {
      socket.close();
    }
  });
});
