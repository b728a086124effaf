import {
  WEBHOOK_EVENT_TYPES,
  WebhookUrlSchema,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';

/** The event types grouped by what the customer does in the portal, in the contract's order. */
export const EVENT_GROUPS: readonly { label: MessageKey; types: readonly WebhookEventType[] }[] = [
  {
    label: 'integrations.webhooks.group.clicks',
    types: WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('click.')),
  },
  {
    label: 'integrations.webhooks.group.standingOrders',
    types: WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('standing_order.')),
  },
  {
    label: 'integrations.webhooks.group.priceAlerts',
    types: WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('price_alert.')),
  },
  {
    label: 'integrations.webhooks.group.plan',
    types: WEBHOOK_EVENT_TYPES.filter(
      (type) => type.startsWith('budget.') || type.startsWith('hedge_policy.'),
    ),
  },
  {
    label: 'integrations.webhooks.group.trading',
    types: WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('trading.')),
  },
];

export interface WebhookFormValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
}

export type WebhookField = 'url' | 'description' | 'eventTypes';
export type WebhookFormErrors = Partial<Record<WebhookField, MessageKey>>;

export function webhookFormOf(endpoint: WebhookEndpointView | null): WebhookFormValues {
  return endpoint
    ? {
        url: endpoint.url,
        description: endpoint.description,
        eventTypes: [...endpoint.eventTypes],
        enabled: endpoint.enabled,
      }
    : { url: '', description: '', eventTypes: [], enabled: true };
}

/** CreateWebhookEndpointBodySchema's rules, each message at its field before anything is sent. */
export function validateWebhookForm(values: WebhookFormValues): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  if (values.url.trim() === '') errors.url = 'integrations.webhooks.error.urlRequired';
  else if (!WebhookUrlSchema.safeParse(values.url.trim()).success) {
    errors.url = 'integrations.webhooks.error.urlInvalid';
  }
  if (values.description.length > 200) {
    errors.description = 'integrations.webhooks.error.descriptionTooLong';
  }
  if (values.eventTypes.length === 0) errors.eventTypes = 'integrations.webhooks.error.eventTypes';
  return errors;
}

/** Event types in the contract's order, so a change of order alone is no change. */
export function createBodyOf(values: WebhookFormValues): Required<CreateWebhookEndpointBody> {
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    eventTypes: WEBHOOK_EVENT_TYPES.filter((type) => values.eventTypes.includes(type)),
  };
}

export function updateBodyOf(values: WebhookFormValues): UpdateWebhookEndpointBody {
  return { ...createBodyOf(values), enabled: values.enabled };
}

/** A VALIDATION_FAILED answer at the field its details name; null: a refusal of the whole form. */
export function serverWebhookField(
  code: string,
  details: { field?: unknown; reason?: unknown } | undefined,
): { field: WebhookField; message: MessageKey } | null {
  if (code !== 'VALIDATION_FAILED') return null;
  switch (details?.field) {
    case 'url':
      return {
        field: 'url',
        message:
          details.reason === 'HTTPS_REQUIRED'
            ? 'integrations.webhooks.error.httpsRequired'
            : 'integrations.webhooks.error.urlInvalid',
      };
    case 'description':
      return { field: 'description', message: 'integrations.webhooks.error.descriptionTooLong' };
    case 'eventTypes':
      return { field: 'eventTypes', message: 'integrations.webhooks.error.eventTypes' };
    default:
      return null;
  }
}
