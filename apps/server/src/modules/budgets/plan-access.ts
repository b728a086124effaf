import { isCustomerSideRole } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../auth/auth.service';
import { assertCustomerVisible } from '../clicks/clicks.service';

/*
 * Who may read and change the customer's plan (budgets and hedge policies, docs/budgets.md):
 * whoever sees the customer reads it (admins every customer, everyone else their own); only the
 * customer's own side changes it - a customer user or consultant whose session and link to the
 * customer are not read-only. Staff read; the plan is the customer's.
 */

export async function assertPlanVisible(
  db: Db,
  auth: AuthContext,
  customerId: number,
): Promise<void> {
  await assertCustomerVisible(db, auth, customerId);
}

export async function assertMayChangePlan(
  db: Db,
  auth: AuthContext,
  customerId: number,
): Promise<void> {
  await assertCustomerVisible(db, auth, customerId);
  if (!isCustomerSideRole(auth.user.role) || auth.user.readOnly) throw new AppError('FORBIDDEN');
  const link = await db
    .selectFrom('user_customers')
    .select('read_only')
    .where('user_id', '=', auth.user.id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!link || link.read_only) throw new AppError('FORBIDDEN');
}

export function actorOf(auth: AuthContext) {
  return {
    actor: { id: auth.user.id, username: auth.user.username },
    impersonator: auth.impersonator
      ? { id: auth.impersonator.id, username: auth.impersonator.username }
      : null,
  };
}
