import { z } from 'zod';
import { IdParamSchema, TextSchema, WholeNumberParamSchema } from './bounded.schemas';
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
