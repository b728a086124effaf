import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ContractDataSchema,
  type MarketProduct,
  type PriceQuote,
  type PriceUpdatePayload,
} from '@klik/api';
import { createContract, createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestSocket, upgradeStatus } from './ws-test-client';

let t: TestApp;
let base: string;
let gasCustomer: { id: number };
let powerCustomer: { id: number };
let gasContract: { contractId: string; customerId: number };
let powerContract: { contractId: string; customerId: number };
let gasUser: BuiltUser;
let powerUser: BuiltUser;
let admin: BuiltUser;
let accountManager: BuiltUser;
let consultant: BuiltUser;

const socketUrl = (token: string) => `${base}/ws/${token}`;

async function connect(user: BuiltUser): Promise<{ socket: TestSocket; token: string }> {
  const { token } = await login(t.app, user.username, user.password);
  const socket = await TestSocket.open(socketUrl(token));
  // The hello tells that the server registered the socket.
  await socket.next('socketUpdate');
  return { socket, token };
}

/** A keep-alive every socket receives after whatever was sent before it. */
async function barrier(sockets: TestSocket[]): Promise<void> {
  const marks = sockets.map((socket) => socket.received.length);
  t.app.realtime.keepAlive();
  await Promise.all(sockets.map((socket, index) => socket.next('socketUpdate', marks[index])));
}

function quote(product: MarketProduct, price: string, at = '2026-03-02T09:00:00Z'): PriceQuote {
  return { product, yearOfSupply: 2027, maturity: 'Y', market: 'OTC', price, at };
}

async function logout(token: string): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/rest/authentication/logout',
    headers: { 'content-type': 'text/plain' },
    payload: token,
  });
  expect(response.statusCode).toBe(204);
}

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_FEED: 'none' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  gasCustomer = await createCustomer(t.db);
  powerCustomer = await createCustomer(t.db);
  gasContract = await createContract(t.db, { customerId: gasCustomer.id, commodity: 'Gas' });
  powerContract = await createContract(t.db, { customerId: powerCustomer.id, commodity: 'Power' });
  gasUser = await createUser(t.db, { customerIds: [gasCustomer.id] });
  powerUser = await createUser(t.db, { customerIds: [powerCustomer.id] });
  consultant = await createUser(t.db, {
    role: 'consultant',
    customerIds: [gasCustomer.id, powerCustomer.id],
  });
  admin = await createUser(t.db, { role: 'admin' });
  // The account manager's portfolio holds the gas customer only.
  accountManager = await createUser(t.db, {
    role: 'accountmanager',
    customerIds: [gasCustomer.id],
  });
});

afterAll(async () => {
  await t.close();
});

describe('websocket tokens', () => {
  it('refuses an unknown token before the upgrade', async () => {
    expect(await upgradeStatus(socketUrl('not-a-session-token'))).toBe(401);
  });

  it('accepts a valid token and greets with socketUpdate', async () => {
    const { socket } = await connect(gasUser);
    expect(socket.names()[0]).toBe('socketUpdate');
    socket.close();
  });

  it('refuses the token of a session that was logged out', async () => {
    const { token } = await login(t.app, gasUser.username, gasUser.password);
    await logout(token);
    expect(await upgradeStatus(socketUrl(token))).toBe(401);
  });

  it('refuses the token of an expired session', async () => {
    const { token } = await login(t.app, gasUser.username, gasUser.password);
    t.clock.advanceMinutes(t.config.session.idleMinutes);
    try {
      expect(await upgradeStatus(socketUrl(token))).toBe(401);
    } finally {
      t.clock.advanceMinutes(-t.config.session.idleMinutes);
    }
  });
});

describe('per-customer filtering', () => {
  it('sends price updates only for products in the contracts of the customers a client sees', async () => {
    const gas = await connect(gasUser);
    const power = await connect(powerUser);
    const both = await connect(consultant);
    const all = await connect(admin);
    const sockets = [gas.socket, power.socket, both.socket, all.socket];
    const marks = sockets.map((socket) => socket.received.length);

    await t.app.market.recorder.record(
      [quote('TTF_GAS', '35.125'), quote('NL_POWER_PEAK', '101.5'), quote('NL_POWER_BASE', '85')],
      'INGEST',
    );
    await barrier(sockets);

    const pricesOf = (socket: TestSocket, from: number) =>
      socket.received
        .slice(from)
        .filter((event) => event.name === 'priceUpdate')
        .flatMap((event) => (event.payload as PriceUpdatePayload).prices.map((p) => p.product));
    expect(pricesOf(gas.socket, marks[0]!)).toEqual(['TTF_GAS']);
    expect(pricesOf(power.socket, marks[1]!)).toEqual(['NL_POWER_PEAK']);
    expect(pricesOf(both.socket, marks[2]!)).toEqual(['TTF_GAS', 'NL_POWER_PEAK']);
    expect(pricesOf(all.socket, marks[3]!)).toEqual(['TTF_GAS', 'NL_POWER_PEAK', 'NL_POWER_BASE']);

    const update = (await gas.socket.next('priceUpdate', marks[0])).payload as PriceUpdatePayload;
    expect(update.prices).toEqual([
      {
        product: 'TTF_GAS',
        yearOfSupply: 2027,
        maturity: 'Y',
        market: 'OTC',
        price: '35.125',
        at: '2026-03-02T09:00:00.000Z',
      },
    ]);
    expect(typeof update.sentAt).toBe('number');
    for (const socket of sockets) socket.close();
  });

  it('sends a click update to the clients of that customer, its account manager and admins only', async () => {
    const gas = await connect(gasUser);
    const power = await connect(powerUser);
    const manager = await connect(accountManager);
    const sockets = [gas.socket, power.socket, manager.socket];
    const marks = sockets.map((socket) => socket.received.length);

    await t.app.deps.bus.publish('clickUpdate', {
      contractId: gasContract.contractId,
      customerId: gasContract.customerId,
    });
    await barrier(sockets);

    expect(await gas.socket.next('clickUpdate', marks[0])).toEqual({
      name: 'clickUpdate',
      payload: { contractId: gasContract.contractId },
    });
    expect((await manager.socket.next('clickUpdate', marks[2])).payload).toEqual({
      contractId: gasContract.contractId,
    });
    expect(power.socket.received.slice(marks[1]).map((event) => event.name)).not.toContain(
      'clickUpdate',
    );
    expect(powerContract.customerId).toBe(powerCustomer.id);

    // A customer outside the portfolio: its clicks do not reach the account manager.
    const afterGas = manager.socket.received.length;
    await t.app.deps.bus.publish('clickUpdate', {
      contractId: powerContract.contractId,
      customerId: powerContract.customerId,
    });
    await power.socket.next('clickUpdate', marks[1]);
    await barrier(sockets);
    expect(manager.socket.received.slice(afterGas).map((event) => event.name)).not.toContain(
      'clickUpdate',
    );
    for (const socket of sockets) socket.close();
  });

  it('learns of a new contract of its customer at the next session check', async () => {
    const customer = await createCustomer(t.db);
    const user = await createUser(t.db, { customerIds: [customer.id] });
    const { socket } = await connect(user);
    await t.app.market.recorder.record([quote('TTF_GAS', '35.5')], 'INGEST');
    await barrier([socket]);
    expect(socket.names()).not.toContain('priceUpdate');

    await createContract(t.db, { customerId: customer.id, commodity: 'Gas' });
    await t.app.realtime.checkSessions();
    const mark = socket.received.length;
    await t.app.market.recorder.record([quote('TTF_GAS', '35.75')], 'INGEST');
    expect((await socket.next('priceUpdate', mark)).payload).toMatchObject({
      prices: [{ product: 'TTF_GAS', price: '35.75' }],
    });
    socket.close();
  });
});

describe('ending sessions', () => {
  it('sends terminateSession and closes the socket on logout', async () => {
    const { socket, token } = await connect(gasUser);
    const other = await connect(gasUser);
    await logout(token);
    expect((await socket.next('terminateSession')).payload).toEqual({ reason: 'LOGOUT' });
    expect((await socket.closed).code).toBe(4001);
    // Another session of the same user stays connected.
    await barrier([other.socket]);
    expect(other.socket.names()).not.toContain('terminateSession');
    other.socket.close();
  });

  it('lets an admin end a session: terminateSession, closed, audited; others may not', async () => {
    const { socket } = await connect(powerUser);
    const [row] = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', powerUser.id)
      .where('revoked_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const sessionId = row!.id;
    const managerSession = await login(t.app, accountManager.username, accountManager.password);
    // Every session of every customer: beyond an account manager's portfolio.
    const listedByManager = await t.app.inject({
      method: 'GET',
      url: '/rest/sessions',
      headers: bearer(managerSession.token),
    });
    expect(listedByManager.statusCode).toBe(403);
    const adminLists = await login(t.app, admin.username, admin.password);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/rest/sessions',
      headers: bearer(adminLists.token),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ id: number }[]>().map((s) => s.id)).toContain(sessionId);
    const byManager = await t.app.inject({
      method: 'DELETE',
      url: `/rest/sessions/${sessionId}`,
      headers: bearer(managerSession.token),
    });
    expect(byManager.statusCode).toBe(403);

    const adminSession = await login(t.app, admin.username, admin.password);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/rest/sessions/${sessionId}`,
      headers: bearer(adminSession.token),
    });
    expect(ended.statusCode).toBe(204);
    expect((await socket.next('terminateSession')).payload).toEqual({ reason: 'TERMINATED' });
    expect((await socket.closed).code).toBe(4001);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'terminateSession')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_username: admin.username,
      outcome: 'success',
      subject: powerUser.username,
    });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/rest/sessions/${sessionId}`,
      headers: bearer(adminSession.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('closes the socket of a session that expired at the periodic check', async () => {
    const { socket } = await connect(consultant);
    const fresh = await connect(gasUser);
    t.clock.advanceMinutes(t.config.session.idleMinutes);
    // The other session was used just now.
    await t.db
      .updateTable('sessions')
      .set({ last_used_at: t.clock.now() })
      .where('user_id', '=', gasUser.id)
      .execute();
    try {
      await t.app.realtime.checkSessions();
      expect((await socket.next('terminateSession')).payload).toEqual({ reason: 'EXPIRED' });
      expect((await socket.closed).code).toBe(4001);
      await barrier([fresh.socket]);
      expect(fresh.socket.names()).not.toContain('terminateSession');
    } finally {
      t.clock.advanceMinutes(-t.config.session.idleMinutes);
      fresh.socket.close();
    }
  });
});

describe('pausing clicks', () => {
  it('is refused to customer-side users', async () => {
    for (const user of [gasUser, consultant]) {
      const { token } = await login(t.app, user.username, user.password);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/rest/tradingstatus',
        headers: bearer(token),
        payload: { pauzeActive: true },
      });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/rest/tradingstatus',
      payload: { pauzeActive: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/rest/tradingstatus' })).json()).toEqual({
      pauzeActive: false,
    });
  });

  it('pauses for everyone at once: audited, pushed to every browser, positions show DC_35', async () => {
    const gas = await connect(gasUser);
    const power = await connect(powerUser);
    const managerToken = (await login(t.app, accountManager.username, accountManager.password))
      .token;
    const adminToken = (await login(t.app, admin.username, admin.password)).token;
    // A pause stops clicking for every customer: beyond an account manager's portfolio.
    const byManager = await t.app.inject({
      method: 'PUT',
      url: '/rest/tradingstatus',
      headers: bearer(managerToken),
      payload: { pauzeActive: true },
    });
    expect(byManager.statusCode).toBe(403);
    try {
      const paused = await t.app.inject({
        method: 'PUT',
        url: '/rest/tradingstatus',
        headers: bearer(adminToken),
        payload: { pauzeActive: true },
      });
      expect(paused.statusCode).toBe(200);
      expect(paused.json()).toEqual({ pauzeActive: true });
      for (const socket of [gas.socket, power.socket]) {
        expect((await socket.next('tradingStatusUpdate')).payload).toEqual({ pauzeActive: true });
      }
      const [audit] = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'setTradingStatus')
        .execute();
      expect(audit).toMatchObject({
        actor_username: admin.username,
        outcome: 'success',
        details: { pauzeActive: true, previous: false },
      });

      const { token } = await login(t.app, gasUser.username, gasUser.password);
      const data = await t.app.inject({
        method: 'GET',
        url: `/rest/contractData/${gasCustomer.id}`,
        headers: bearer(token),
      });
      expect(data.statusCode).toBe(200);
      const [contract] = ContractDataSchema.array().parse(data.json());
      const statuses = [
        ...contract!.statusPerContract.yearStatuses,
        ...contract!.statusPerContract.quarterStatuses,
        ...contract!.statusPerContract.monthStatuses,
      ];
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses.map((status) => status.disableClickReason))).toEqual(
        new Set(['DC_35']),
      );
    } finally {
      const resumed = await t.app.inject({
        method: 'PUT',
        url: '/rest/tradingstatus',
        headers: bearer(adminToken),
        payload: { pauzeActive: false },
      });
      expect(resumed.json()).toEqual({ pauzeActive: false });
      await sql`select 1`.execute(t.db);
      gas.socket.close();
      power.socket.close();
    }
  });
});

describe('session count', () => {
  it('tells admin clients how many sessions are connected, and no one else', async () => {
    const staff = await connect(admin);
    expect((await staff.socket.next('sessionCountUpdate')).payload).toEqual({
      count: expect.any(Number),
    });
    const customer = await connect(powerUser);
    // A count over every customer is beyond an account manager's portfolio.
    const manager = await connect(accountManager);
    // Sockets of earlier tests finish closing in their own time.
    await vi.waitFor(() => expect(t.app.realtime.localSessionCount()).toBe(3));
    await t.app.realtime.reportCount();
    const lastCount = () =>
      staff.socket.received.filter((event) => event.name === 'sessionCountUpdate').at(-1)?.payload;
    await vi.waitFor(() => expect(lastCount()).toEqual({ count: 3 }));
    await barrier([customer.socket, manager.socket]);
    expect(customer.socket.names()).not.toContain('sessionCountUpdate');
    expect(manager.socket.names()).not.toContain('sessionCountUpdate');
    customer.socket.close();
    manager.socket.close();
    staff.socket.close();
  });

  it('/metrics counts the websockets open on this instance (klik_websocket_connections)', async () => {
    const gauge = async () => {
      const { body } = await t.app.inject({ url: '/metrics' });
      return Number(/^klik_websocket_connections (\d+)$/m.exec(body)?.[1]);
    };
    // Sockets of earlier tests finish closing in their own time.
    await vi.waitFor(() => expect(t.app.realtime.connectionCount).toBe(0));
    expect(await gauge()).toBe(0);
    const first = await connect(gasUser);
    const second = await connect(powerUser);
    expect(await gauge()).toBe(2);
    first.socket.close();
    await vi.waitFor(async () => expect(await gauge()).toBe(1));
    second.socket.close();
  });
});
