import {
  WEBHOOK_TEST_EVENT_TYPE,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEndpointList,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from '@klik/api';
import type { Db } from '../../db/database';
import { refusalFor } from '../../kernel/access/customer-access';
import { assertMayManageIntegrations } from '../../kernel/access/integrations-access';
import { auditChange } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { AppError } from '../../kernel/http/app-error';
import { enqueueWebhook } from '../../kernel/webhooks/enqueue-webhook';
import {
  deleteEndpoint,
  endpointView,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  replaceSecret,
  updateEndpoint,
  type StoredEndpoint,
} from './webhooks.repository';
import { findDelivery, listDeliveries, requeueDelivery } from './webhook-deliveries.repository';
import {
  newWebhookSecret,
  openWebhookSecret,
  PREVIOUS_SECRET_VALID_MS,
  sealWebhookSecret,
} from './webhook-signing';

export interface WebhooksDeps {
  db: Db;
  now: () => Date;
  /** Secrets are sealed under it when set (docs/security.md). */
  encryptionKey: Buffer | null;
  /** Production: endpoints must be https. */
  httpsRequired: boolean;
}

/** What the audit log keeps of an endpoint: never its secret. */
function audited(endpoint: {
  url: string;
  description: string;
  eventTypes: readonly string[];
  enabled?: boolean;
}) {
  const { url, description, eventTypes, enabled } = endpoint;
  return { url, description, eventTypes: [...eventTypes], enabled: enabled ?? true };
}

/**
 * A customer's webhook endpoints (docs/webhooks.md): for its user managers and administrators
 * (kernel/access: assertMayManageIntegrations); every change audited in its transaction.
 */
export class WebhooksService {
  constructor(private readonly deps: WebhooksDeps) {}

  #checkUrl(url: string): void {
    if (this.deps.httpsRequired && !url.toLowerCase().startsWith('https://')) {
      throw new AppError('VALIDATION_FAILED', {
        details: { field: 'url', reason: 'HTTPS_REQUIRED' },
      });
    }
  }

  /** The customer's endpoint, or the refusal that does not tell whether another's exists. */
  async #endpoint(
    db: Db,
    auth: AuthContext,
    customerId: number,
    endpointId: number,
    lock = false,
  ): Promise<StoredEndpoint> {
    const endpoint = await findEndpoint(db, customerId, endpointId, lock);
    if (!endpoint) throw refusalFor(auth);
    return endpoint;
  }

  async list(auth: AuthContext, customerId: number): Promise<WebhookEndpointList> {
    const { db, now } = this.deps;
    await assertMayManageIntegrations(db, auth, customerId);
    const at = now();
    return { data: (await listEndpoints(db, customerId)).map((row) => endpointView(row, at)) };
  }

  async create(
    auth: AuthContext,
    customerId: number,
    body: CreateWebhookEndpointBody,
    ip: string,
  ): Promise<WebhookEndpointWithSecret> {
    const { db, now, encryptionKey } = this.deps;
    await assertMayManageIntegrations(db, auth, customerId);
    this.#checkUrl(body.url);
    const secret = newWebhookSecret();
    const description = body.description ?? '';
    return db.transaction().execute(async (trx) => {
      const at = now();
      const id = await insertEndpoint(trx, {
        customerId,
        url: body.url,
        description,
        eventTypes: body.eventTypes,
        secret: sealWebhookSecret(secret, encryptionKey),
        userId: auth.user.id,
        at,
      });
      await auditChange(trx, at, auth, {
        action: 'webhookEndpoint.create',
        subject: `webhookEndpoint:${id}`,
        after: audited({ ...body, description }),
        ip,
        customerIds: [customerId],
      });
      const endpoint = await this.#endpoint(trx, auth, customerId, id);
      return { ...endpointView(endpoint, at), secret };
    });
  }

  async update(
    auth: AuthContext,
    customerId: number,
    endpointId: number,
    body: UpdateWebhookEndpointBody,
    ip: string,
  ): Promise<WebhookEndpointView> {
    const { db, now } = this.deps;
    await assertMayManageIntegrations(db, auth, customerId);
    this.#checkUrl(body.url);
    return db.transaction().execute(async (trx) => {
      const before = await this.#endpoint(trx, auth, customerId, endpointId, true);
      const at = now();
      // Switching off is the user's; switching on clears whatever switched it off.
      const disabled = body.enabled
        ? { disabledReason: null, disabledAt: null }
        : before.enabled
          ? { disabledReason: 'BY_USER' as const, disabledAt: at }
          : { disabledReason: before.disabledReason, disabledAt: before.disabledAt };
      await updateEndpoint(trx, endpointId, { ...body, ...disabled, at });
      await auditChange(trx, at, auth, {
        action: 'webhookEndpoint.update',
        subject: `webhookEndpoint:${endpointId}`,
        before: audited(before),
        after: audited(body),
        ip,
        customerIds: [customerId],
      });
      return endpointView(await this.#endpoint(trx, auth, customerId, endpointId), at);
    });
  }

  async remove(auth: AuthContext, customerId: number, endpointId: number, ip: string) {
    const { db, now } = this.deps;
    await assertMayManageIntegrations(db, auth, customerId);
    await db.transaction().execute(async (trx) => {
      const before = await this.#endpoint(trx, auth, customerId, endpointId, true);
      await deleteEndpoint(trx, endpointId);
      await auditChange(trx, now(), auth, {
        action: 'webhookEndpoint.delete',
        subject: `webhookEndpoint:${endpointId}`,
        before: audited(before),
        ip,
        customerIds: [customerId],
      });
    });
  }

  /**
   * A new secret; the one it replaces is still signed with for PREVIOUS_SECRET_VALID_MS, so the
   * receiver can switch without refusing a delivery (Standard Webhooks' rotation).
   */
  async rotateSecret(
    auth: AuthContext,
    customerId: number,
    endpointId: number,
    ip: string,
  ): Promise<WebhookEndpointWithSecret> {
    const { db, now, encryptionKey } = this.deps;
    await assertMayManageIntegrations(db, auth, customerId);
    const secret = newWebhookSecret();
    return db.transaction().execute(async (trx) => {
      const before = await this.#endpoint(trx, auth, customerId, endpointId, true);
      const at = now();
      const previousUntil = new Date(at.getTime() + PREVIOUS_SECRET_VALID_MS);
      await replaceSecret(trx, endpointId, {
        secret: sealWebhookSecret(secret, encryptionKey),
        // Sealed afresh, so a secret stored before the key was set is sealed from now on.
        previousSecret: sealWebhookSecret(
          openWebhookSecret(before.secret, encryptionKey),
          encryptionKey,
        ),
        previousUntil,
        at,
      });
      await auditChange(trx, at, auth, {
        action: 'webhookEndpoint.rotateSecret',
        subject: `webhookEndpoint:${endpointId}`,
        details: { previousSecretValidUntil: previousUntil.toISOString() },
        ip,
        customerIds: [customerId],
      });
      const endpoint = await this.#endpoint(trx, auth, customerId, endpointId);
      return { ...endpointView(endpoint, at), secret };
    });
  }

  /** A `webhook.test` event to this endpoint alone, delivered like any other. */
  async test(auth: AuthContext, customerId: number, endpointId: number, ip: string) {
    const { db, now } = this.deps;
    await assertMayManageIntegrations(db, auth, customerId);
    const id = await db.transaction().execute(async (trx) => {
      await this.#endpoint(trx, auth, customerId, endpointId);
      const at = now();
      const messageId = await enqueueWebhook(trx, {
        customerId,
        endpointId,
        type: WEBHOOK_TEST_EVENT_TYPE,
        data: { endpointId, message: 'A test event from Klik.' },
        at,
      });
      await auditChange(trx, at, auth, {
        action: 'webhookEndpoint.test',
        subject: `webhookEndpoint:${endpointId}`,
        details: { webhookId: messageId },
        ip,
        customerIds: [customerId],
      });
      return messageId;
    });
    return { id };
  }

  async deliveries(
    auth: AuthContext,
    customerId: number,
    endpointId: number,
    query: { page: number; size: number; status?: WebhookDeliveryStatus | undefined },
  ): Promise<WebhookDeliveryPage> {
    const { db } = this.deps;
    await assertMayManageIntegrations(db, auth, customerId);
    await this.#endpoint(db, auth, customerId, endpointId);
    const { rows, total } = await listDeliveries(db, endpointId, query);
    return { data: rows, page: query.page, size: query.size, total };
  }

  /** The same webhook-id sent again (whatever became of it), with a fresh 24 hours of retries. */
  async replay(
    auth: AuthContext,
    customerId: number,
    endpointId: number,
    deliveryId: string,
    ip: string,
  ) {
    const { db, now } = this.deps;
    await assertMayManageIntegrations(db, auth, customerId);
    await db.transaction().execute(async (trx) => {
      await this.#endpoint(trx, auth, customerId, endpointId);
      const delivery = await findDelivery(trx, endpointId, deliveryId);
      if (!delivery) throw refusalFor(auth);
      const at = now();
      await requeueDelivery(trx, delivery.id, at);
      await auditChange(trx, at, auth, {
        action: 'webhookEndpoint.replay',
        subject: `webhookEndpoint:${endpointId}`,
        details: { webhookId: deliveryId, statusBefore: delivery.status },
        ip,
        customerIds: [customerId],
      });
    });
    return { id: deliveryId };
  }
}
