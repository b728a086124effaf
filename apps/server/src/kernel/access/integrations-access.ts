import type { Db } from '../../db/database';
import type { AuthContext } from '../auth/auth-context';
import { scopeOf, type AdminScope } from './admin-scope';

/**
 * May manage the customer's integrations (API clients and webhook endpoints, issue 30): the
 * permission matrix's `integrations.manage`, one right for both halves (docs/permissions.md): an
 * administrator for any customer, a user manager for their own customers whose link is not
 * read-only. Refused as the matrix refuses: 403, or 404 to an administrator for a customer that
 * does not exist. A read-only session is refused reads too: what it would read (clients,
 * endpoints, delivery logs) exists to be managed, so the matrix counts the action as a write.
 * Answers the caller's scope, whose `all` says how to refuse a missing client or endpoint.
 */
export async function assertMayManageIntegrations(
  db: Db,
  auth: AuthContext,
  customerId: number,
): Promise<AdminScope> {
  const scope = await scopeOf(db, auth, 'integrations.manage');
  await scope.assertCustomer(db, customerId);
  return scope;
}
