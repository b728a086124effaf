import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../auth/auth.service';
import { seesEveryCustomer } from '../auth/customer-access';
import { userHasCustomer } from './purchase.repository';

/** Who acted, and the administrator signed in as them, as the audit log records it. */
export function actorOf(auth: AuthContext) {
  return {
    actor: { id: auth.user.id, username: auth.user.username },
    impersonator: auth.impersonator
      ? { id: auth.impersonator.id, username: auth.impersonator.username }
      : null,
  };
}

/** Admins act for every customer; everyone else (account managers too) for their own. */
export async function assertCustomerAccess(
  db: Db,
  auth: AuthContext,
  customerId: number,
): Promise<void> {
  if (seesEveryCustomer(auth.user.role)) return;
  if (!(await userHasCustomer(db, auth.user.id, customerId))) {
    throw new AppError('FORBIDDEN');
  }
}
