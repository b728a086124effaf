import type { Role } from '@klik/api';
import type { Db } from '../../db/database';

/**
 * Only an administrator sees every customer. Everyone else, account managers included (their
 * portfolio, docs/permissions.md), sees the customers they are linked to.
 */
export function seesEveryCustomer(role: Role): boolean {
  return role === 'admin';
}

/**
 * Whether the user's link to the customer lets them click: not read-only and click-authorised
 * for that customer (the user's own flags are checked apart).
 */
export async function linkMayClick(db: Db, userId: number, customerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_customers')
    .select(['read_only', 'click_authorized'])
    .where('user_id', '=', userId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined && !row.read_only && row.click_authorized;
}
