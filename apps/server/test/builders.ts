import { randomBytes } from 'node:crypto';
import type { Role } from '@klik/api';
import type { Db } from '../src/db/database';
import { hashPassword } from '../src/modules/auth/password-hasher';

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export interface BuiltUser {
  id: number;
  username: string;
  password: string;
  role: Role;
}

export async function createUser(
  db: Db,
  options: {
    username?: string;
    name?: string;
    password?: string;
    role?: Role;
    locale?: string;
    readOnly?: boolean;
    allowTPIPage?: boolean;
    disabled?: boolean;
    customerIds?: number[];
  } = {},
): Promise<BuiltUser> {
  const username = options.username ?? unique('user');
  const password = options.password ?? `Pw-${randomBytes(6).toString('hex')}`;
  const role = options.role ?? 'customer';
  const { id } = await db
    .insertInto('users')
    .values({
      username,
      name: options.name ?? `Test ${username}`,
      password_hash: await hashPassword(password),
      role,
      locale: options.locale ?? 'nl',
      read_only: options.readOnly ?? false,
      allow_tpi_page: options.allowTPIPage ?? false,
      disabled: options.disabled ?? false,
      email: `${username}@example.test`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.customerIds && options.customerIds.length > 0) {
    await db
      .insertInto('user_customers')
      .values(options.customerIds.map((customerId) => ({ user_id: id, customer_id: customerId })))
      .execute();
  }
  return { id, username, password, role };
}

export interface BuiltCustomer {
  id: number;
  name: string;
  dashboards: { id: number; name: string }[];
}

export async function createCustomer(
  db: Db,
  options: { name?: string; dashboards?: string[] } = {},
): Promise<BuiltCustomer> {
  const name = options.name ?? unique('Klant B.V.');
  const { id } = await db
    .insertInto('customers')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dashboardNames = options.dashboards ?? ['Hoofdlocatie', 'Nevenvestiging'];
  const dashboards =
    dashboardNames.length === 0
      ? []
      : await db
          .insertInto('dashboards')
          .values(
            dashboardNames.map((dashboard, position) => ({
              customer_id: id,
              name: dashboard,
              position,
            })),
          )
          .returning(['id', 'name'])
          .execute();
  return { id, name, dashboards };
}
