import type { Db } from '../../db/database';
import type { AuthContext } from '../auth/auth-context';

export type AuditOutcome = 'success' | 'failure' | 'refused';

export interface AuditEntry {
  at: Date;
  /** id null: no person acted, e.g. an API client (`api-client:<client id>`). */
  actor?: { id: number | null; username: string } | null;
  impersonator?: { id: number; username: string } | null;
  action: string;
  outcome: AuditOutcome;
  subject?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  /** The customers the event is about: the audit log's customer filter and account managers' view. */
  customerIds?: readonly number[];
}

/** Appends one row to the audit log; rows are never updated or deleted by the product. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      actor_user_id: entry.actor?.id ?? null,
      actor_username: entry.actor?.username ?? null,
      impersonator_user_id: entry.impersonator?.id ?? null,
      impersonator_username: entry.impersonator?.username ?? null,
      action: entry.action,
      outcome: entry.outcome,
      subject: entry.subject ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
      customer_ids: [...new Set(entry.customerIds ?? [])].sort((a, b) => a - b),
    })
    .execute();
}

/**
 * Who acted, as the audit log records it: the signed-in user, and the administrator signed in as
 * them (login-as), if any. The one place an entry's actor is taken from a request's session.
 */
export function actorOf(auth: AuthContext): Pick<AuditEntry, 'actor' | 'impersonator'> {
  // An API client is no user: the entry names the client (docs/integrations.md), never a person
  // it was not.
  if (auth.apiClient) {
    return {
      actor: { id: null, username: `api-client:${auth.apiClient.clientId}` },
      impersonator: null,
    };
  }
  return {
    actor: { id: auth.user.id, username: auth.user.username },
    impersonator: auth.impersonator
      ? { id: auth.impersonator.id, username: auth.impersonator.username }
      : null,
  };
}

/** A change made by a signed-in user, as every service records it. */
export interface ChangeRecord {
  action: string;
  subject: string;
  customerIds: readonly number[];
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown>;
  outcome?: AuditOutcome;
  ip: string | null;
}

/** Writes a change to the audit log: actor, impersonator, subject, customers, before and after. */
export async function auditChange(
  db: Db,
  at: Date,
  auth: AuthContext,
  change: ChangeRecord,
): Promise<void> {
  await writeAudit(db, {
    at,
    ...actorOf(auth),
    action: change.action,
    outcome: change.outcome ?? 'success',
    subject: change.subject,
    details: {
      ...change.details,
      ...(auth.apiClient
        ? { apiClient: { id: auth.apiClient.id, name: auth.apiClient.name } }
        : {}),
      ...(change.before === undefined ? {} : { before: change.before }),
      ...(change.after === undefined ? {} : { after: change.after }),
    },
    ip: change.ip,
    customerIds: change.customerIds,
  });
}
