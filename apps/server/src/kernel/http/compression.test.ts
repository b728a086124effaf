import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '@klik/api';
import { createContract, createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, login, type TestApp } from '../../../test/test-app';
import { adminWorld, type AdminWorld } from '../../modules/admin/admin-test-kit';

let w: AdminWorld;
let t: TestApp;
let user: BuiltUser;
let contractData: string;

beforeAll(async () => {
  w = await adminWorld({ MARKET_FEED: 'none' });
  t = w.t;
  // Enough customers that the session answer is well over the 1 KB threshold.
  const customers = await Promise.all(
    Array.from({ length: 12 }, (_, n) =>
      createCustomer(t.db, { name: `Compressie Handelsonderneming ${String(n)} B.V.` }),
    ),
  );
  const first = customers[0]!;
  for (const year of [2027, 2028]) {
    await createContract(t.db, {
      customerId: first.id,
      years: [year],
      dashboardIds: [first.dashboards[0]!.id],
    });
  }
  user = await createUser(t.db, { customerIds: customers.map((customer) => customer.id) });
  contractData = `/rest/dashboardContractData/${String(first.dashboards[0]!.id)}`;
});

afterAll(async () => {
  await t.close();
});

describe('compressed REST answers', () => {
  it('sends a REST answer of 1 KB or more compressed to a client that accepts it', async () => {
    const headers = bearer(w.callers.admin.token);
    const plain = await t.app.inject({ url: ADMIN_PATHS.customers, headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.app.inject({
      url: ADMIN_PATHS.customers,
      headers: { ...headers, 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends the contract data, kept as bytes, as brotli to a browser that accepts it, gzip to one that accepts only that, and plain JSON to others', async () => {
    const { token } = await login(t.app, user.username, user.password);
    const plain = await t.app.inject({ url: contractData, headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      url: contractData,
      headers: { ...bearer(token), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({
      url: contractData,
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('never compresses an answer that carries a session token', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/login',
      headers: { 'accept-encoding': 'br, gzip' },
      payload: { username: user.username, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body.length).toBeGreaterThan(1024);
    expect(signIn.headers['content-encoding']).toBeUndefined();
    expect(signIn.json<{ token: string }>().token).toEqual(expect.any(String));
  });

  it('does not inflate a compressed request body', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: JSON.stringify({ username: user.username, password: user.password }),
    });
    expect(answer.statusCode).toBe(200);
  });
});
