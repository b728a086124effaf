import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { UNIQUE_VIOLATION, violatedConstraint } from '../../kernel/db-errors';
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
    const constraint = violatedConstraint(error, UNIQUE_VIOLATION);
    const code = constraint === null ? undefined : CODE_OF_CONSTRAINT[constraint];
    if (code) throw new AppError(code);
    throw error;
  }
}
