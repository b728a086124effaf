import { z } from 'zod';
import {
  IdParamSchema,
  InstantSchema,
  TextSchema,
  WholeNumberParamSchema,
} from './bounded.schemas';
import { PageSchema } from './admin.schemas';

/*
 * Integrations (issue 30): the buyer's own systems connected. This file holds both parts of the
 * contract: webhooks (docs/webhooks.md) and the API clients.
 */

// ---------------------------------------------------------------------------------------------
// Webhooks: signed deliveries of the customer's events (Standard Webhooks, docs/webhooks.md).
// ---------------------------------------------------------------------------------------------

export const WEBHOOK_PATHS = {
  endpoints: '/rest/integrations/:customerId/webhooks',
  endpoint: '/rest/integrations/:customerId/webhooks/:endpointId',
  rotateSecret: '/rest/integrations/:customerId/webhooks/:endpointId/rotateSecret',
  test: '/rest/integrations/:customerId/webhooks/:endpointId/test',
  deliveries: '/rest/integrations/:customerId/webhooks/:endpointId/deliveries',
  replay: '/rest/integrations/:customerId/webhooks/:endpointId/deliveries/:deliveryId/replay',
} as const;

/** The events an endpoint can subscribe to; the portal's own concepts (docs/webhooks.md). */
export const WEBHOOK_EVENT_TYPES = [
  'click.created',
  'click.awaiting_approval',
  'click.approved',
  'click.rejected',
  'click.completed',
  'click.expired',
  'standing_order.triggered',
  'standing_order.result',
  'price_alert.fired',
  'budget.band_crossed',
  'hedge_policy.behind',
  'trading.paused',
  'trading.resumed',
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/** The test event's type: sent on request only, never subscribed to. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** Every type a delivery can carry: the subscribable ones and the test event. */
export const WebhookDeliveryTypeSchema = z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE]);

export const WEBHOOK_URL_MAX = 2000;

/**
 * An endpoint's address: an absolute http(s) URL without credentials. Production refuses http
 * (the service checks it, since it depends on the configuration): 400 VALIDATION_FAILED with
 * details.field "url" and details.reason "HTTPS_REQUIRED".
 */
// Scheme, host (no user or password: no "@" before the path), optional port, then anything
// without white space.
const WEBHOOK_URL = /^https?:\/\/[^\s/?#@:]+(:\d{1,5})?([/?#]\S*)?$/i;
export const WebhookUrlSchema = TextSchema(WEBHOOK_URL_MAX).regex(
  WEBHOOK_URL,
  'an absolute http or https URL without user or password',
);

const EventTypesSchema = z
  .array(WebhookEventTypeSchema)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'no type twice');

export const CreateWebhookEndpointBodySchema = z.object({
  url: WebhookUrlSchema,
  description: TextSchema(200).default(''),
  eventTypes: EventTypesSchema,
});
export type CreateWebhookEndpointBody = z.input<typeof CreateWebhookEndpointBodySchema>;

/** A change replaces the endpoint's settings; enabled: true re-enables a disabled endpoint. */
export const UpdateWebhookEndpointBodySchema = z.object({
  url: WebhookUrlSchema,
  description: TextSchema(200),
  eventTypes: EventTypesSchema,
  enabled: z.boolean(),
});
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBodySchema>;

export const WebhookCustomerParamsSchema = z.object({ customerId: IdParamSchema });
export const WebhookEndpointParamsSchema = z.object({
  customerId: IdParamSchema,
  endpointId: IdParamSchema,
});
/** A delivery is named by its message's webhook-id (`msg_` and 32 hex digits) on its endpoint. */
export const WebhookMessageIdSchema = z.string().regex(/^msg_[0-9a-f]{32}$/, 'msg_ and 32 hex');
export const WebhookDeliveryParamsSchema = WebhookEndpointParamsSchema.extend({
  deliveryId: WebhookMessageIdSchema,
});

/** Why an endpoint does not receive: switched off by a user, or by the worker after 24 h. */
export const WebhookDisabledReasonSchema = z.enum(['BY_USER', 'FAILING']);

export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  disabledReason: WebhookDisabledReasonSchema.nullable(),
  disabledAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Until when the secret before the last rotation is still signed with, if it is. */
  previousSecretValidUntil: z.iso.datetime().nullable(),
});
export type WebhookEndpointView = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = z.object({ data: z.array(WebhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

/**
 * The answer of a create and of a rotation: the endpoint and its signing secret, `whsec_` and
 * the base64 of its random bytes. Shown this once; the portal never shows it again.
 */
export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'given_up'] as const;
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

export const WebhookDeliverySchema = z.object({
  /** The webhook-id of the message: the same on every attempt and replay. */
  id: WebhookMessageIdSchema,
  eventType: WebhookDeliveryTypeSchema,
  createdAt: z.iso.datetime(),
  /** pending: not tried yet or waiting for a retry; failed: the last attempt failed, more follow. */
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int().nonnegative(),
  lastAttemptAt: z.iso.datetime().nullable(),
  lastResponseCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** What went wrong without an answer: timeout or connection error; or the answer's start. */
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryQuerySchema = z.object({
  page: WholeNumberParamSchema(0, 10_000).default(0),
  size: WholeNumberParamSchema(1, 100).default(20),
  status: WebhookDeliveryStatusSchema.optional(),
});
export type WebhookDeliveryQuery = z.input<typeof WebhookDeliveryQuerySchema>;

export const WebhookDeliveryPageSchema = PageSchema(WebhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

/** The answer of a test or a replay: the delivery queued (sent by the worker shortly after). */
export const WebhookQueuedSchema = z.object({ id: WebhookMessageIdSchema });

/**
 * The body of every delivery (Standard Webhooks' recommended envelope): the type, when it
 * happened (UTC, ISO 8601) and its data; docs/webhooks.md shows the data of every type.
 */
export const WebhookPayloadSchema = z.object({
  type: WebhookDeliveryTypeSchema,
  timestamp: z.iso.datetime(),
  customerId: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// API clients: machine credentials of a customer, OAuth 2.0 client credentials (RFC 6749 4.4),
// and the API-only calls (docs/integrations.md).
// ---------------------------------------------------------------------------------------------

export const INTEGRATION_PATHS = {
  /** GET: the customer's API clients; POST: create one (its secret answered once). */
  clients: '/rest/integrations/:customerId/clients',
  /** DELETE: revoke the client; its access tokens stop working at once. */
  client: '/rest/integrations/:customerId/clients/:apiClientId',
  /** POST: a new secret (answered once); the old one stops working at once. */
  rotateClient: '/rest/integrations/:customerId/clients/:apiClientId/rotate',
  /** POST (form-encoded): the OAuth 2.0 token endpoint, grant_type=client_credentials. */
  token: '/oauth/token',
  /** GET (access token only): click events since a cursor, in commit order. */
  clickChanges: '/rest/integrations/:customerId/clicks/changes',
  /** GET (access token only): the customer's notifications, one per event. */
  notifications: '/rest/integrations/:customerId/notifications',
} as const;

/**
 * What an API client may do; each route of the machine API names the one it needs. A `:write`
 * scope also reads what it writes (apiScopeGrants).
 */
export const API_SCOPES = [
  'positions:read',
  'clicks:read',
  'notifications:read',
  'budgets:read',
  'standing-orders:read',
  'price-alerts:read',
  'price-alerts:write',
] as const;
export const ApiScopeSchema = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof ApiScopeSchema>;

/** What each scope lets a client do, as the OpenAPI documents and the screen say it. */
export const API_SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  'positions:read': "Read the customer's contracts, positions and contract summaries",
  'clicks:read': "Read the customer's clicks, results and click events since a cursor",
  'notifications:read': "Read the notifications of the customer's users, once per event",
  'budgets:read': "Read the customer's budgets",
  'standing-orders:read': "Read the customer's standing orders",
  'price-alerts:read': "Read the customer's price alerts",
  'price-alerts:write': "Create, change and delete the customer's price alerts (and read them)",
};

/** The scopes that change the customer's data: only for whoever may act for the customer. */
export const API_WRITE_SCOPES: readonly ApiScope[] = ['price-alerts:write'];

/** Whether scopes granted to a token cover the scope a route needs (write includes read). */
export function apiScopeGrants(granted: readonly string[], needed: ApiScope): boolean {
  if (granted.includes(needed)) return true;
  return needed.endsWith(':read') && granted.includes(needed.replace(/:read$/, ':write'));
}

/** The most addresses or ranges one allow-list holds. */
export const IP_ALLOW_LIST_MAX = 20;

/** One entry of an allow-list: an IPv4 or IPv6 address, or a range in CIDR notation. */
export const IpAllowEntrySchema = z
  .string({ error: 'IP_ALLOW_LIST_INVALID' })
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'IP_ALLOW_LIST_INVALID' }));

export const CreateApiClientBodySchema = z.object({
  name: TextSchema(100, { required: 'NAME_REQUIRED', invalid: 'NAME_INVALID' })
    .trim()
    .min(1, { error: 'NAME_REQUIRED' }),
  scopes: z
    .array(z.enum(API_SCOPES, { error: 'SCOPES_REQUIRED' }), { error: 'SCOPES_REQUIRED' })
    .min(1, { error: 'SCOPES_REQUIRED' })
    .max(API_SCOPES.length, { error: 'SCOPES_REQUIRED' })
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'SCOPES_REQUIRED' }),
  /** Empty: any address. Otherwise the token is issued and accepted only from these. */
  ipAllowList: z
    .array(IpAllowEntrySchema, { error: 'IP_ALLOW_LIST_INVALID' })
    .max(IP_ALLOW_LIST_MAX, { error: 'IP_ALLOW_LIST_INVALID' })
    .default([]),
  /** null or absent: no expiry. Must lie in the future (else CLIENT_EXPIRY_INVALID). */
  expiresAt: InstantSchema.nullable().optional(),
});
export type CreateApiClientBody = z.input<typeof CreateApiClientBodySchema>;

export const ApiClientCustomerParamsSchema = z.object({ customerId: IdParamSchema });
export const ApiClientParamsSchema = z.object({
  customerId: IdParamSchema,
  apiClientId: IdParamSchema,
});

export const API_CLIENT_STATUSES = ['active', 'expired', 'revoked'] as const;
export const ApiClientStatusSchema = z.enum(API_CLIENT_STATUSES);
export type ApiClientStatus = z.infer<typeof ApiClientStatusSchema>;

export const ApiClientSchema = z.object({
  /** The row's id, as the paths name it. */
  id: z.number().int(),
  /** The public client id (`kc_` and 24 hex digits), sent as client_id or the Basic user. */
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(ApiScopeSchema),
  ipAllowList: z.array(z.string()),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** The username of who created it. */
  createdBy: z.string().nullable(),
  /** The last token issued or call made with it (kept to the minute). */
  lastUsedAt: z.iso.datetime().nullable(),
  rotatedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  status: ApiClientStatusSchema,
});
export type ApiClientView = z.infer<typeof ApiClientSchema>;

export const ApiClientListSchema = z.object({ data: z.array(ApiClientSchema) });
export type ApiClientList = z.infer<typeof ApiClientListSchema>;

/**
 * The answer of a create and of a rotation: the client with its secret (`ks_` and 43 base64url
 * characters, 256 random bits). Shown this once; the server keeps only its hash.
 */
export const ApiClientWithSecretSchema = ApiClientSchema.extend({ clientSecret: z.string() });
export type ApiClientWithSecret = z.infer<typeof ApiClientWithSecretSchema>;

/**
 * The token request (application/x-www-form-urlencoded, RFC 6749 4.4.2). The client
 * authenticates with HTTP Basic (client_secret_basic) or with client_id and client_secret in the
 * body (client_secret_post), never both.
 */
export const TokenRequestSchema = z.object({
  grant_type: z.string().max(100),
  scope: z.string().max(1000).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

/** RFC 6749 5.1: scope is the granted scopes, space-separated. */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** RFC 6749 5.2: the token endpoint's refusals, in its own shape (not the portal's). */
export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;
export const OAuthErrorSchema = z.object({
  error: z.enum(OAUTH_ERRORS),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;

/** The click ledger's events (docs/audit-trail.md) as the changes call names them. */
export const CLICK_CHANGE_EVENTS = [
  'CREATED',
  'PENDING_APPROVAL',
  'APPROVED',
  'REJECTED',
  'COMPLETED',
  'EXPIRED',
] as const;

/**
 * The changes call's query: the cursor of the last page's end (absent: from the start), and how
 * many events at most.
 */
export const ClickChangesQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^(0|[1-9]\d{0,15})$/, 'a cursor answered by this call')
    .optional(),
  size: WholeNumberParamSchema(1, 500).default(100),
});
export type ClickChangesQuery = z.input<typeof ClickChangesQuerySchema>;

/** One event of a click: what happened, when, and the click as it stood after it. */
export const ClickChangeSchema = z.object({
  /** The event's place in the customer's click ledger; the cursor after it. */
  cursor: z.string(),
  clickId: z.number().int(),
  event: z.enum(CLICK_CHANGE_EVENTS),
  at: z.iso.datetime(),
  /** The click after the event, as the click ledger keeps it (docs/audit-trail.md). */
  facts: z.record(z.string(), z.unknown()),
});
export type ClickChange = z.infer<typeof ClickChangeSchema>;

/** A page of changes; ask again with nextCursor (the same cursor when nothing is new). */
export const ClickChangesPageSchema = z.object({
  data: z.array(ClickChangeSchema),
  nextCursor: z.string(),
  hasMore: z.boolean(),
});
export type ClickChangesPage = z.infer<typeof ClickChangesPageSchema>;

export const IntegrationNotificationQuerySchema = z.object({
  page: WholeNumberParamSchema(0, 10_000).default(0),
  size: WholeNumberParamSchema(1, 100).default(20),
});

/** A notification the customer's users received, once per event (not once per user). */
export const IntegrationNotificationSchema = z.object({
  kind: z.string(),
  /** The catalogue key of its message (docs/notifications.md), which params fill in. */
  localeId: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  publishDate: z.iso.datetime(),
  clickId: z.number().int().nullable(),
  contractId: z.string().nullable(),
});
export const IntegrationNotificationPageSchema = PageSchema(IntegrationNotificationSchema);
export type IntegrationNotificationPage = z.infer<typeof IntegrationNotificationPageSchema>;
