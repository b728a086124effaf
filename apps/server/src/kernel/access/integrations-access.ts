import type { Db } from '../../db/database';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../http/app-error';
import { assertMaySee, seesEveryCustomer } from './customer-access';

/**
 * May manage the customer's integrations (webhook endpoints and API clients, issue 30): an
 * administrator, or the customer's user manager (role customer with manageUsers) whose link is
 * not read-only (docs/permissions.md). Refuses like assertMaySee for a customer out of reach
 * (404 to an administrator for a missing one, 403 to anyone else), then 403. A read-only
 * session is refused reads too: what it would read (endpoints, delivery logs) exists to be
 * managed, and the permission matrix counts the action as a write.
 */
export async function assertMayManageIntegrations(
  db: Db,
  auth: AuthContext,
  customerId: number,
): Promise<void> {
  const link = await assertMaySee(db, auth, customerId);
  const userManager =
    auth.user.role === 'customer' && auth.user.manageUsers && link !== null && !link.readOnly;
  if (!seesEveryCustomer(auth.user.role) && !userManager) throw new AppError('FORBIDDEN');
  if (auth.user.readOnly) throw new AppError('FORBIDDEN');
}
