import { sql } from 'kysely';
import type { Customer } from '@klik/api';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

/** The customers a user is linked to, each with its dashboards, in a stable order. */
export async function findAllowedCustomers(db: Db, userId: number): Promise<Customer[]> {
  const rows = await db
    .selectFrom('user_customers')
    .innerJoin('customers', 'customers.id', 'user_customers.customer_id')
    .leftJoin('dashboards', 'dashboards.customer_id', 'customers.id')
    .select([
      'customers.id as customerId',
      'customers.name as customerName',
      'dashboards.id as dashboardId',
      'dashboards.name as dashboardName',
    ])
    .where('user_customers.user_id', '=', userId)
    // A deactivated customer is no longer anyone's to work on.
    .where('customers.active', '=', true)
    .orderBy('customers.name')
    .orderBy('customers.id')
    .orderBy('dashboards.position')
    .orderBy('dashboards.id')
    .execute();
  const customers = new Map<number, Customer>();
  for (const row of rows) {
    let customer = customers.get(row.customerId);
    if (!customer) {
      customer = { id: row.customerId, name: row.customerName, dashboards: [] };
      customers.set(row.customerId, customer);
    }
    if (row.dashboardId !== null && row.dashboardName !== null) {
      customer.dashboards.push({ id: row.dashboardId, name: row.dashboardName });
    }
  }
  return [...customers.values()];
}
