import { sql } from 'kysely';
import type { AdminUser, CustomerRightsInput, Locale, UserListQuery } from '@klik/api';
import type { Db } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import type { UserValues } from '../../kernel/users/user-store';

export interface UserLink {
  customerId: number;
  customerName: string;
  customerActive: boolean;
  readOnly: boolean;
  clickAuthorized: boolean;
}

/** A user as the administrative area reads and changes them. */
export interface UserRecord extends Omit<UserValues, 'email'> {
  id: number;
  username: string;
  email: string | null;
  disabled: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
  version: number;
  links: UserLink[];
  /** Every customer the user is linked to (for ownership checks). */
  customerIds: number[];
}

export async function findUserRecords(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, UserRecord>> {
  const records = new Map<number, UserRecord>();
  if (ids.length === 0) return records;
  const users = await db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  const links = await db
    .selectFrom('user_customers as uc')
    .innerJoin('customers as c', 'c.id', 'uc.customer_id')
    .select([
      'uc.user_id',
      'uc.customer_id',
      'uc.read_only',
      'uc.click_authorized',
      'c.name',
      'c.active',
    ])
    .where('uc.user_id', 'in', [...ids])
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  for (const user of users) {
    records.set(user.id, {
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      mobile: user.mobile,
      locale: user.locale,
      role: user.role,
      readOnly: user.read_only,
      clickAuthorized: user.click_authorized,
      allowTPIPage: user.allow_tpi_page,
      manageUsers: user.manage_users,
      disabled: user.disabled,
      mustChangePassword: user.must_change_password,
      createdAt: user.created_at,
      version: user.version,
      links: [],
      customerIds: [],
    });
  }
  for (const link of links) {
    const record = records.get(link.user_id);
    if (!record) continue;
    record.links.push({
      customerId: link.customer_id,
      customerName: link.name,
      customerActive: link.active,
      readOnly: link.read_only,
      clickAuthorized: link.click_authorized,
    });
    record.customerIds.push(link.customer_id);
  }
  return records;
}

export async function findUserRecord(db: Db, id: number): Promise<UserRecord | undefined> {
  return (await findUserRecords(db, [id])).get(id);
}

/**
 * The user as the API shows them. A caller limited to their own customers sees only those among
 * the user's customers.
 */
export function toAdminUser(
  record: UserRecord,
  seesCustomer: (customerId: number) => boolean = () => true,
): AdminUser {
  return {
    id: record.id,
    username: record.username,
    name: record.name,
    email: record.email,
    mobile: record.mobile,
    locale: (record.locale === 'en' ? 'en' : 'nl') satisfies Locale,
    role: record.role,
    readOnly: record.readOnly,
    clickAuthorized: record.clickAuthorized,
    allowTPIPage: record.allowTPIPage,
    manageUsers: record.manageUsers,
    active: !record.disabled,
    mustChangePassword: record.mustChangePassword,
    customers: record.links.filter((link) => seesCustomer(link.customerId)),
    createdAt: record.createdAt.toISOString(),
    version: record.version,
  };
}

const SORT_COLUMNS = {
  username: sql`lower(u.username)`,
  name: sql`lower(u.name)`,
  email: sql`lower(coalesce(u.email, ''))`,
  role: sql`u.role`,
  createdAt: sql`u.created_at`,
} as const;

/**
 * One page of users matching the filters. With own customers given, only customer-side users
 * who share at least one of them.
 */
export async function listUserIds(
  db: Db,
  query: UserListQuery,
  ownCustomers: readonly number[] | null,
): Promise<{ ids: number[]; total: number }> {
  if (ownCustomers !== null && ownCustomers.length === 0) return { ids: [], total: 0 };
  let select = db.selectFrom('users as u');
  if (query.q) {
    const like = likePattern(query.q);
    select = select.where((eb) =>
      eb.or([
        eb(sql`lower(u.username)`, 'like', like),
        eb(sql`lower(u.name)`, 'like', like),
        eb(sql`lower(coalesce(u.email, ''))`, 'like', like),
      ]),
    );
  }
  if (query.role) select = select.where('u.role', '=', query.role);
  if (query.active !== undefined) select = select.where('u.disabled', '=', !query.active);
  const { customerId } = query;
  if (customerId !== undefined) {
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_customers as f')
          .select('f.user_id')
          .whereRef('f.user_id', '=', 'u.id')
          .where('f.customer_id', '=', customerId),
      ),
    );
  }
  if (ownCustomers !== null) {
    select = select.where('u.role', 'in', ['customer', 'consultant']).where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_customers as o')
          .select('o.user_id')
          .whereRef('o.user_id', '=', 'u.id')
          .where('o.customer_id', 'in', [...ownCustomers]),
      ),
    );
  }
  const descending = query.sort.startsWith('-');
  const field = (descending ? query.sort.slice(1) : query.sort) as keyof typeof SORT_COLUMNS;
  const rows = await select
    .select(['u.id', sql<string>`count(*) over ()`.as('total')])
    .orderBy(SORT_COLUMNS[field], descending ? 'desc' : 'asc')
    .orderBy('u.id', descending ? 'desc' : 'asc')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  if (rows.length > 0) return { ids: rows.map((row) => row.id), total: Number(rows[0]!.total) };
  // A page past the end still says how many there are.
  const counted = await select.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  return { ids: [], total: Number(counted.total) };
}

/** Rights that mean something for the role only: a consultant's TPI page, a customer's users. */
export function normalised<T extends UserValues>(values: T): T {
  return {
    ...values,
    allowTPIPage: values.role === 'consultant' && values.allowTPIPage,
    manageUsers: values.role === 'customer' && values.manageUsers,
  };
}

/** Replaces the user's customer links with these. */
export async function replaceLinks(
  db: Db,
  userId: number,
  links: readonly CustomerRightsInput[],
): Promise<void> {
  await db.deleteFrom('user_customers').where('user_id', '=', userId).execute();
  if (links.length === 0) return;
  await db
    .insertInto('user_customers')
    .values(
      links.map((link) => ({
        user_id: userId,
        customer_id: link.customerId,
        read_only: link.readOnly,
        click_authorized: link.clickAuthorized,
      })),
    )
    .execute();
}

/** The links as they are stored, for comparing and for the audit log. */
export function linksOf(record: UserRecord): CustomerRightsInput[] {
  return record.links.map(({ customerId, readOnly, clickAuthorized }) => ({
    customerId,
    readOnly,
    clickAuthorized,
  }));
}

/** The user's fields and links as the audit log keeps them (never a password hash). */
export function auditView(record: UserRecord): Record<string, unknown> {
  return {
    username: record.username,
    name: record.name,
    email: record.email,
    mobile: record.mobile,
    locale: record.locale,
    role: record.role,
    readOnly: record.readOnly,
    clickAuthorized: record.clickAuthorized,
    allowTPIPage: record.allowTPIPage,
    manageUsers: record.manageUsers,
    active: !record.disabled,
    customers: linksOf(record),
    version: record.version,
  };
}
