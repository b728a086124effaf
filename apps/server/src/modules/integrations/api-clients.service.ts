import {
  API_WRITE_SCOPES,
  type ApiClientList,
  type ApiClientView,
  type ApiClientWithSecret,
  type ApiScope,
  type CreateApiClientBody,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { AdminScope } from '../../kernel/access/admin-scope';
import { assertMayManageIntegrations } from '../../kernel/access/integrations-access';
import { assertMaySee, mayActWith } from '../../kernel/access/customer-access';
import { auditChange } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { AppError } from '../../kernel/http/app-error';
import { hashClientSecret, newClientId, newClientSecret } from './api-client-secrets';
import {
  findClient,
  insertClient,
  listClients,
  revokeClient,
  rotateSecret,
  statusOf,
  viewOf,
  type StoredApiClient,
} from './api-clients.repository';

/** What the audit log keeps of a client: never its secret or hash. */
function audited(client: Pick<StoredApiClient, 'clientId' | 'name' | 'scopes' | 'ipAllowList'>) {
  const { clientId, name, scopes, ipAllowList } = client;
  return { clientId, name, scopes, ipAllowList };
}

/**
 * A customer's API clients (docs/integrations.md): who may manage them is the permission
 * matrix's `integrations.manage` (assertMayManageIntegrations: an administrator for any customer,
 * a user manager for their own customers); every change is audited in its transaction.
 */
export class ApiClientsService {
  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  #scope(auth: AuthContext, customerId: number): Promise<AdminScope> {
    return assertMayManageIntegrations(this.deps.db, auth, customerId);
  }

  /**
   * Nobody gives a machine a right they lack themselves (docs/permissions.md): a write scope
   * needs a caller who may act for the customer (its user manager; staff only read a plan).
   * Checked on create and on rotate, since a rotation hands the scopes to whoever holds the new
   * secret.
   */
  async #assertMayGrant(auth: AuthContext, customerId: number, scopes: readonly ApiScope[]) {
    if (!scopes.some((scope) => API_WRITE_SCOPES.includes(scope))) return;
    if (!mayActWith(auth, await assertMaySee(this.deps.db, auth, customerId))) {
      throw new AppError('RIGHTS_EXCEEDED');
    }
  }

  async list(auth: AuthContext, customerId: number): Promise<ApiClientList> {
    await this.#scope(auth, customerId);
    const now = this.deps.now();
    return { data: (await listClients(this.deps.db, customerId)).map((c) => viewOf(c, now)) };
  }

  async create(
    auth: AuthContext,
    customerId: number,
    body: CreateApiClientBody,
    ip: string,
  ): Promise<ApiClientWithSecret> {
    const { db, now } = this.deps;
    await this.#scope(auth, customerId);
    const at = now();
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= at.getTime()) {
      throw new AppError('CLIENT_EXPIRY_INVALID', { details: { field: 'expiresAt' } });
    }
    const scopes = [...new Set(body.scopes)];
    await this.#assertMayGrant(auth, customerId, scopes);
    const ipAllowList = [...new Set((body.ipAllowList ?? []).map((entry) => entry.trim()))];
    const secret = newClientSecret();
    const client = { clientId: newClientId(), name: body.name.trim(), scopes, ipAllowList };
    return db.transaction().execute(async (trx) => {
      const id = await insertClient(
        trx,
        { ...client, customerId, secretHash: hashClientSecret(secret), expiresAt },
        { userId: auth.user.id, at },
      );
      await auditChange(trx, at, auth, {
        action: 'apiClient.create',
        subject: `apiClient:${id}`,
        after: { ...audited(client), expiresAt: expiresAt?.toISOString() ?? null },
        ip,
        customerIds: [customerId],
      });
      const created = await findClient(trx, customerId, id);
      if (!created) throw new AppError('INTERNAL');
      return { ...viewOf(created, at), clientSecret: secret };
    });
  }

  /**
   * Changes one client of the customer under a row lock. A client of another customer, or none,
   * is refused as the scope refuses a customer: 404 for administrators, 403 for everyone else.
   */
  async #change<T>(
    auth: AuthContext,
    customerId: number,
    id: number,
    change: (trx: Db, before: StoredApiClient, at: Date) => Promise<T>,
  ): Promise<T> {
    const scope = await this.#scope(auth, customerId);
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await findClient(trx, customerId, id, true);
      if (!before) throw new AppError(scope.all ? 'NOT_FOUND' : 'FORBIDDEN');
      return change(trx, before, this.deps.now());
    });
  }

  /** A new secret, shown once; the old secret and every token issued under it stop at once. */
  async rotate(
    auth: AuthContext,
    customerId: number,
    id: number,
    ip: string,
  ): Promise<ApiClientWithSecret> {
    return this.#change(auth, customerId, id, async (trx, before, at) => {
      if (statusOf(before, at) !== 'active') throw new AppError('API_CLIENT_NOT_ACTIVE');
      await this.#assertMayGrant(auth, customerId, before.scopes);
      const secret = newClientSecret();
      await rotateSecret(trx, id, hashClientSecret(secret), at);
      await auditChange(trx, at, auth, {
        action: 'apiClient.rotate',
        subject: `apiClient:${id}`,
        details: { clientId: before.clientId, secretVersion: before.secretVersion + 1 },
        ip,
        customerIds: [customerId],
      });
      const after = await findClient(trx, customerId, id);
      if (!after) throw new AppError('INTERNAL');
      return { ...viewOf(after, at), clientSecret: secret };
    });
  }

  /** Revokes the client for good; revoking a revoked client changes (and audits) nothing. */
  async revoke(
    auth: AuthContext,
    customerId: number,
    id: number,
    ip: string,
  ): Promise<ApiClientView> {
    return this.#change(auth, customerId, id, async (trx, before, at) => {
      if (before.revokedAt === null) {
        await revokeClient(trx, id, { userId: auth.user.id, at });
        await auditChange(trx, at, auth, {
          action: 'apiClient.revoke',
          subject: `apiClient:${id}`,
          before: audited(before),
          ip,
          customerIds: [customerId],
        });
      }
      const after = await findClient(trx, customerId, id);
      if (!after) throw new AppError('INTERNAL');
      return viewOf(after, at);
    });
  }
}
