import type { ColumnType, Generated } from 'kysely';

// The tables of webhooks (migration 0026, docs/webhooks.md).

/** A customer's endpoint; `secret` and `previous_secret` as stored (sealed or plain). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  customer_id: number;
  url: string;
  description: Generated<string>;
  event_types: string[];
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  enabled: Generated<boolean>;
  disabled_reason: 'BY_USER' | 'FAILING' | null;
  disabled_at: Date | null;
  created_at: Date;
  created_by: number | null;
  updated_at: Date;
}

/** An event to deliver, written in the transaction of the change (kernel/webhooks). */
export interface WebhookMessagesTable {
  /** bigint: read as a string. */
  seq: Generated<string>;
  /** The webhook-id: msg_ and 32 hex digits. */
  id: string;
  /** null: every customer with an endpoint subscribed to the type. */
  customer_id: number | null;
  /** Set for a test event: that endpoint only. */
  endpoint_id: number | null;
  type: string;
  payload: ColumnType<unknown, string, string>;
  created_at: Date;
  fanned_out: Generated<boolean>;
}

export type WebhookDeliveryStatusColumn = 'pending' | 'succeeded' | 'failed' | 'given_up';

/** One message to one endpoint: its state and the last attempt. */
export interface WebhookDeliveriesTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  endpoint_id: number;
  message_seq: string;
  status: WebhookDeliveryStatusColumn;
  attempts: Generated<number>;
  created_at: Date;
  failing_since: Date | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  last_response_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
}
