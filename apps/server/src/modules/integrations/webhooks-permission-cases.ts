import { WEBHOOK_PATHS, pathTo } from '@klik/api';
import { customerOf, type AdminWorld, type Side } from '../admin/admin-test-kit';
import type { Method, RouteCase } from '../admin/permission-cases';
import { enqueueWebhook } from '../../kernel/webhooks/enqueue-webhook';
import { fanOut } from './webhook-deliveries.repository';
import { newWebhookSecret, sealWebhookSecret } from './webhook-signing';
import { insertEndpoint } from './webhooks.repository';

/** A fresh endpoint of the side's customer, so one cell's delete never decides another's. */
async function anEndpoint(w: AdminWorld, side: Side) {
  const customerId = customerOf(w, side);
  const at = w.t.clock.now();
  const endpointId = await insertEndpoint(w.t.db, {
    customerId,
    url: 'https://erp.example.test/hooks',
    description: '',
    eventTypes: ['click.created'],
    secret: sealWebhookSecret(newWebhookSecret(), null),
    userId: null,
    at,
  });
  return { customerId, endpointId };
}

/** An endpoint with one delivery (a test event), for the replay. */
async function aDelivery(w: AdminWorld, side: Side) {
  const { customerId, endpointId } = await anEndpoint(w, side);
  const at = w.t.clock.now();
  const deliveryId = await enqueueWebhook(w.t.db, {
    customerId,
    endpointId,
    type: 'webhook.test',
    data: {},
    at,
  });
  const { seq } = await w.t.db
    .selectFrom('webhook_messages')
    .select('seq')
    .where('id', '=', deliveryId)
    .executeTakeFirstOrThrow();
  await fanOut(w.t.db, [{ seq, customerId, endpointId, type: 'webhook.test' }], at);
  return { customerId, endpointId, deliveryId };
}

const endpointBody = {
  url: 'https://erp.example.test/other',
  description: 'ERP',
  eventTypes: ['click.completed'],
  enabled: true,
};

/** The calls about one endpoint of the side's customer (a fresh one each time). */
type EndpointRoute =
  | typeof WEBHOOK_PATHS.endpoint
  | typeof WEBHOOK_PATHS.rotateSecret
  | typeof WEBHOOK_PATHS.test
  | typeof WEBHOOK_PATHS.deliveries;

function onEndpoint(
  method: Method,
  route: EndpointRoute,
  ok: number,
  payload?: unknown,
): RouteCase {
  return {
    action: 'integrations.manage',
    method,
    route,
    ok,
    request: async (w, side) => ({
      url: pathTo(route, await anEndpoint(w, side)),
      ...(payload === undefined ? {} : { payload }),
    }),
  };
}

/** The webhook endpoints' routes for the permission test (docs/webhooks.md). */
export const WEBHOOK_ROUTE_CASES: RouteCase[] = [
  {
    action: 'integrations.manage',
    method: 'GET',
    route: WEBHOOK_PATHS.endpoints,
    ok: 200,
    request: async (w, side) => ({
      url: pathTo(WEBHOOK_PATHS.endpoints, { customerId: customerOf(w, side) }),
    }),
  },
  {
    action: 'integrations.manage',
    method: 'POST',
    route: WEBHOOK_PATHS.endpoints,
    ok: 201,
    request: async (w, side) => ({
      url: pathTo(WEBHOOK_PATHS.endpoints, { customerId: customerOf(w, side) }),
      payload: { url: 'https://erp.example.test/new', eventTypes: ['click.created'] },
    }),
  },
  onEndpoint('PUT', WEBHOOK_PATHS.endpoint, 200, endpointBody),
  onEndpoint('DELETE', WEBHOOK_PATHS.endpoint, 204),
  onEndpoint('POST', WEBHOOK_PATHS.rotateSecret, 200),
  onEndpoint('POST', WEBHOOK_PATHS.test, 202),
  onEndpoint('GET', WEBHOOK_PATHS.deliveries, 200),
  {
    action: 'integrations.manage',
    method: 'POST',
    route: WEBHOOK_PATHS.replay,
    ok: 202,
    request: async (w, side) => ({ url: pathTo(WEBHOOK_PATHS.replay, await aDelivery(w, side)) }),
  },
];
