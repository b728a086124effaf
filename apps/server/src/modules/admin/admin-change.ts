import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { writeAudit, type AuditOutcome } from '../audit/audit.repository';
import type { AuthContext } from '../auth/auth.service';
import type { PasswordResetService } from '../password-reset/password-reset.service';

/** What every administrative service is built from (admin.plugin.ts). */
export interface AdminDeps {
  db: Db;
  now: () => Date;
  /** Sessions this module revoked: forgotten and announced (terminateSession) on every instance. */
  endSessions: (sessionIds: readonly number[]) => Promise<void>;
  /** Invitation links for users created without a password (modules/password-reset). */
  invitations: Pick<PasswordResetService, 'createInvitation' | 'sendLater'>;
  /** Publishes committed events (notifications' unread counts) after a commit; never throws. */
  flushEvents: () => Promise<void>;
}

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
    actor: { id: auth.user.id, username: auth.user.username },
    impersonator: auth.impersonator,
    action: change.action,
    outcome: change.outcome ?? 'success',
    subject: change.subject,
    details: {
      ...change.details,
      ...(change.before === undefined ? {} : { before: change.before }),
      ...(change.after === undefined ? {} : { after: change.after }),
    },
    ip: change.ip,
    customerIds: change.customerIds,
  });
}

/** The constraint a unique violation (SQLSTATE 23505) names, on PostgreSQL and PGlite alike. */
export function uniqueViolationOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code !== '23505') return null;
  if (typeof constraint === 'string') return constraint;
  const named = typeof message === 'string' ? /"([^"]+)"/.exec(message) : null;
  return named?.[1] ?? '';
}

const CODE_OF_CONSTRAINT: Record<string, ConstructorParameters<typeof AppError>[0]> = {
  users_email_lower_key: 'USER_NOT_UNIQUE',
  users_username_lower_key: 'USERNAME_NOT_UNIQUE',
  users_consultant_name_key: 'CONSULTANT_NAME_NOT_UNIQUE',
  customers_name_lower_key: 'CUSTOMER_NAME_NOT_UNIQUE',
  customers_name_key: 'CUSTOMER_NAME_NOT_UNIQUE',
};

/**
 * Runs a change and turns a unique violation into its stable code (the database decides, so two
 * saves racing for the same e-mail or name cannot both win).
 */
export async function withUniqueCodes<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    const code = constraint === null ? undefined : CODE_OF_CONSTRAINT[constraint];
    if (code) throw new AppError(code);
    throw error;
  }
}

/** A save on a version that is no longer current. */
export function versionConflict(currentVersion: number): AppError {
  return new AppError('VERSION_CONFLICT', { details: { currentVersion } });
}
