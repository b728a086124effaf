import { INTEGRATION_PATHS, pathTo } from '@klik/api';
import { customerOf, type AdminWorld, type Side } from '../admin/admin-test-kit';
import type { RouteCase } from '../admin/permission-cases';
import { hashClientSecret, newClientId, newClientSecret } from './api-client-secrets';

/** A fresh client of the side's customer, so one cell's revocation never decides another's. */
async function aClient(w: AdminWorld, side: Side) {
  const customerId = customerOf(w, side);
  const { id } = await w.t.db
    .insertInto('api_clients')
    .values({
      customer_id: customerId,
      client_id: newClientId(),
      name: 'ERP',
      secret_hash: hashClientSecret(newClientSecret()),
      scopes: ['clicks:read'],
      created_at: w.t.clock.now(),
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { customerId, apiClientId: id };
}

/** The API clients' management routes for the permission test (docs/integrations.md). */
export const API_CLIENT_ROUTE_CASES: RouteCase[] = [
  {
    action: 'integrations.manage',
    method: 'GET',
    route: INTEGRATION_PATHS.clients,
    ok: 200,
    request: async (w, side) => ({
      url: pathTo(INTEGRATION_PATHS.clients, { customerId: customerOf(w, side) }),
    }),
  },
  {
    action: 'integrations.manage',
    method: 'POST',
    route: INTEGRATION_PATHS.clients,
    ok: 201,
    request: async (w, side) => ({
      url: pathTo(INTEGRATION_PATHS.clients, { customerId: customerOf(w, side) }),
      payload: { name: 'ERP', scopes: ['positions:read'] },
    }),
  },
  {
    action: 'integrations.manage',
    method: 'POST',
    route: INTEGRATION_PATHS.rotateClient,
    ok: 200,
    request: async (w, side) => ({
      url: pathTo(INTEGRATION_PATHS.rotateClient, await aClient(w, side)),
    }),
  },
  {
    action: 'integrations.manage',
    method: 'DELETE',
    route: INTEGRATION_PATHS.client,
    ok: 200,
    request: async (w, side) => ({ url: pathTo(INTEGRATION_PATHS.client, await aClient(w, side)) }),
  },
];
