import type { WebhookEndpointView, WebhookEventType } from '@klik/api';
import type { Db } from '../../db/database';

// The webhook endpoints' SQL (docs/webhooks.md); their deliveries: webhook-deliveries.repository.ts.

export interface StoredEndpoint {
  id: number;
  customerId: number;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  enabled: boolean;
  disabledReason: 'BY_USER' | 'FAILING' | null;
  disabledAt: Date | null;
  createdAt: Date;
}

const ENDPOINT_COLUMNS = [
  'id',
  'customer_id',
  'url',
  'description',
  'event_types',
  'secret',
  'previous_secret',
  'previous_secret_until',
  'enabled',
  'disabled_reason',
  'disabled_at',
  'created_at',
] as const;

function endpointOf(row: {
  id: number;
  customer_id: number;
  url: string;
  description: string;
  event_types: string[];
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  enabled: boolean;
  disabled_reason: 'BY_USER' | 'FAILING' | null;
  disabled_at: Date | null;
  created_at: Date;
}): StoredEndpoint {
  return {
    id: row.id,
    customerId: row.customer_id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types as WebhookEventType[],
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretUntil: row.previous_secret_until,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at,
    createdAt: row.created_at,
  };
}

/** The endpoint as the portal shows it: never its secret. */
export function endpointView(endpoint: StoredEndpoint, now: Date): WebhookEndpointView {
  const until = endpoint.previousSecretUntil;
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
    previousSecretValidUntil:
      endpoint.previousSecret !== null && until !== null && until > now
        ? until.toISOString()
        : null,
  };
}

export async function listEndpoints(db: Db, customerId: number): Promise<StoredEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  return rows.map(endpointOf);
}

/** The customer's endpoint, locked for a change when asked; null when not theirs or gone. */
export async function findEndpoint(
  db: Db,
  customerId: number,
  endpointId: number,
  lock = false,
): Promise<StoredEndpoint | null> {
  const query = db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('id', '=', endpointId)
    .where('customer_id', '=', customerId);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return row ? endpointOf(row) : null;
}

export async function insertEndpoint(
  trx: Db,
  values: {
    customerId: number;
    url: string;
    description: string;
    eventTypes: readonly string[];
    secret: string;
    /** null: not made through a request (tests' scenes). */
    userId: number | null;
    at: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('webhook_endpoints')
    .values({
      customer_id: values.customerId,
      url: values.url,
      description: values.description,
      event_types: [...values.eventTypes],
      secret: values.secret,
      created_at: values.at,
      created_by: values.userId,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEndpoint(
  trx: Db,
  endpointId: number,
  values: {
    url: string;
    description: string;
    eventTypes: readonly string[];
    enabled: boolean;
    disabledReason: 'BY_USER' | 'FAILING' | null;
    disabledAt: Date | null;
    at: Date;
  },
): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({
      url: values.url,
      description: values.description,
      event_types: [...values.eventTypes],
      enabled: values.enabled,
      disabled_reason: values.disabledReason,
      disabled_at: values.disabledAt,
      updated_at: values.at,
    })
    .where('id', '=', endpointId)
    .execute();
}

export async function replaceSecret(
  trx: Db,
  endpointId: number,
  values: { secret: string; previousSecret: string; previousUntil: Date; at: Date },
): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({
      secret: values.secret,
      previous_secret: values.previousSecret,
      previous_secret_until: values.previousUntil,
      updated_at: values.at,
    })
    .where('id', '=', endpointId)
    .execute();
}

export async function deleteEndpoint(trx: Db, endpointId: number): Promise<void> {
  await trx.deleteFrom('webhook_endpoints').where('id', '=', endpointId).execute();
}
