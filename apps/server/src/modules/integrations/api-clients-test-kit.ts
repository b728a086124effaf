import { expect } from 'vitest';
import {
  ApiClientWithSecretSchema,
  INTEGRATION_PATHS,
  pathTo,
  type ApiClientWithSecret,
  type ApiScope,
} from '@klik/api';
import { createContract, createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, login, type TestApp } from '../../../test/test-app';

/**
 * Two customers, each with a user manager, a plain user and a gas contract; an administrator
 * and an account manager.
 */
export async function apiWorld(t: TestApp) {
  const customer = await createCustomer(t.db);
  const other = await createCustomer(t.db);
  const contract = await createContract(t.db, { customerId: customer.id, commodity: 'Gas' });
  const otherContract = await createContract(t.db, { customerId: other.id, commodity: 'Gas' });
  const manager = await createUser(t.db, { customerIds: [customer.id] });
  const otherManager = await createUser(t.db, { customerIds: [other.id] });
  await t.db
    .updateTable('users')
    .set({ manage_users: true })
    .where('id', 'in', [manager.id, otherManager.id])
    .execute();
  const plain = await createUser(t.db, { customerIds: [customer.id] });
  const admin = await createUser(t.db, { role: 'admin' });
  const accountManager = await createUser(t.db, {
    role: 'accountmanager',
    customerIds: [customer.id],
  });
  const token = async (user: BuiltUser) => (await login(t.app, user.username, user.password)).token;
  return {
    customer,
    other,
    contract,
    otherContract,
    manager,
    otherManager,
    plain,
    admin,
    accountManager,
    token,
  };
}

export type ApiWorld = Awaited<ReturnType<typeof apiWorld>>;

/** Creates a client through the portal and answers it with its one-time secret. */
export async function createClient(
  t: TestApp,
  sessionToken: string,
  customerId: number,
  body: { name?: string; scopes: ApiScope[]; ipAllowList?: string[]; expiresAt?: string | null },
): Promise<ApiClientWithSecret> {
  const response = await t.app.inject({
    method: 'POST',
    url: pathTo(INTEGRATION_PATHS.clients, { customerId }),
    headers: bearer(sessionToken),
    payload: { name: 'ERP', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ApiClientWithSecretSchema.parse(response.json());
}

/** A token request, form-encoded; the client authenticated with HTTP Basic unless told. */
export function requestToken(
  t: TestApp,
  client: { clientId: string; clientSecret: string },
  options: { form?: Record<string, string>; post?: boolean; ip?: string } = {},
) {
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...options.form });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (options.post) {
    form.set('client_id', client.clientId);
    form.set('client_secret', client.clientSecret);
  } else {
    const basic = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  }
  return t.app.inject({
    method: 'POST',
    url: INTEGRATION_PATHS.token,
    headers,
    payload: form.toString(),
    remoteAddress: options.ip,
  });
}

/** An access token for the client (asking for every scope it has, or those given). */
export async function accessToken(
  t: TestApp,
  client: { clientId: string; clientSecret: string },
  options: { scope?: string; ip?: string } = {},
): Promise<string> {
  const response = await requestToken(t, client, {
    form: options.scope ? { scope: options.scope } : {},
    ip: options.ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { access_token: string }).access_token;
}

/** A client of the world's customer with the scopes, and an access token of it. */
export async function clientWithToken(t: TestApp, w: ApiWorld, scopes: ApiScope[]) {
  const client = await createClient(t, await w.token(w.manager), w.customer.id, { scopes });
  return { client, token: await accessToken(t, client) };
}
