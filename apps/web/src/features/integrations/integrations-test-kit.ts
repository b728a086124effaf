import {
  INTEGRATION_PATHS,
  WEBHOOK_PATHS,
  pathTo,
  type ApiClientView,
  type UserSession,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@klik/api';
import { createFakeServer, watched, type FakeServer } from '../../test/fake-server';
import { openAs } from '../../test/render-app';

/** The customer the default session selects (aUserSession's first). */
export const CUSTOMER = 11;
export const CLIENTS = pathTo(INTEGRATION_PATHS.clients, { customerId: CUSTOMER });
export const ENDPOINTS = pathTo(WEBHOOK_PATHS.endpoints, { customerId: CUSTOMER });
export const endpointPath = (endpointId: number) =>
  pathTo(WEBHOOK_PATHS.endpoint, { customerId: CUSTOMER, endpointId });
export const deliveriesPath = (endpointId: number) =>
  pathTo(WEBHOOK_PATHS.deliveries, { customerId: CUSTOMER, endpointId });

/** A user manager of the selected customer: who the screen is for. */
export const USER_MANAGER: Partial<UserSession> = { manageUsers: true };

export function anApiClient(overrides: Partial<ApiClientView> = {}): ApiClientView {
  return {
    id: 5,
    clientId: 'kc_0123456789abcdef01234567',
    name: 'Treasury',
    scopes: ['positions:read', 'clicks:read'],
    ipAllowList: ['198.51.100.0/24'],
    expiresAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    createdBy: 'jansen',
    lastUsedAt: '2026-11-27T14:30:00.000Z',
    rotatedAt: null,
    revokedAt: null,
    status: 'active',
    ...overrides,
  };
}

export function anEndpoint(overrides: Partial<WebhookEndpointView> = {}): WebhookEndpointView {
  return {
    id: 9,
    url: 'https://erp.example.com/klik',
    description: 'ERP',
    eventTypes: ['click.created', 'click.completed'],
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    createdAt: '2026-11-21T08:00:00.000Z',
    previousSecretValidUntil: null,
    ...overrides,
  };
}

export function aDelivery(overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView {
  return {
    id: 'msg_0123456789abcdef0123456789abcdef',
    eventType: 'click.completed',
    createdAt: '2026-11-27T10:00:00.000Z',
    status: 'failed',
    attempts: 3,
    lastAttemptAt: '2026-11-27T10:05:00.000Z',
    lastResponseCode: 502,
    lastDurationMs: 1250,
    lastError: 'Bad gateway',
    nextAttemptAt: '2026-11-27T10:35:00.000Z',
    ...overrides,
  };
}

/** A fake server answering the customer's clients and endpoints (a test swaps any handler). */
export function integrationsServer(
  clients: ApiClientView[] = [],
  endpoints: WebhookEndpointView[] = [],
  env: { locale?: 'nl' | 'en' } = {},
): FakeServer {
  const server = createFakeServer({ env });
  server.on('GET', CLIENTS, () => ({ status: 200, body: { data: clients } }));
  server.on('GET', ENDPOINTS, () => ({ status: 200, body: { data: endpoints } }));
  return server;
}

/** /integrations as a user manager; `urls` holds every address asked, query included. */
export function openIntegrations(server: FakeServer, session: Partial<UserSession> = USER_MANAGER) {
  const seen = watched(server);
  const { app, user } = openAs(seen.server, '/integrations', session);
  return { app, user, urls: seen.urls };
}
