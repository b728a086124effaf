import type { Db } from '../../db/database';

export type AuditOutcome = 'success' | 'failure' | 'refused';

export interface AuditEntry {
  at: Date;
  actor?: { id: number; username: string } | null;
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
