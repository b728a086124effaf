import { sql } from 'kysely';
import { ADMIN_SEARCH_LIMIT, type AdminSearchResult } from '@klik/api';
import type { Db } from '../../db/database';
import { likePattern } from '../../db/like-pattern';

/** The admindashboard's counts, each over the customers the caller reaches. */
export interface DashboardCounts {
  customers_active: number;
  customers_inactive: number;
  users_active: number;
  users_signed_in: number;
  clicks_today: number;
  clicks_completed: number;
  pending: number;
  paused: boolean;
}

/**
 * The admindashboard's figures in one query. `own`: the account manager's portfolio (null: every
 * customer; empty: nothing), so users count only as customers' and consultants' of it. A user is
 * signed in with a live session used since `idleSince`; today is [dayStart, dayEnd).
 */
export async function dashboardCounts(
  db: Db,
  own: readonly number[] | null,
  at: Date,
  idleSince: Date,
  today: { dayStart: Date; dayEnd: Date },
): Promise<DashboardCounts> {
  const customerIn = (column: string) =>
    own === null
      ? sql`true`
      : own.length === 0
        ? sql`false`
        : sql`${sql.ref(column)} in (${sql.join(own)})`;
  const userIn =
    own === null
      ? sql`true`
      : sql`u.role in ('customer', 'consultant') and exists (select 1 from user_customers uc
          where uc.user_id = u.id and ${customerIn('uc.customer_id')})`;
  const result = await sql<DashboardCounts>`select
    (select count(*)::int from customers c where c.active and ${customerIn('c.id')})
      as customers_active,
    (select count(*)::int from customers c where not c.active and ${customerIn('c.id')})
      as customers_inactive,
    (select count(*)::int from users u where not u.disabled and ${userIn}) as users_active,
    (select count(distinct s.user_id)::int from sessions s join users u on u.id = s.user_id
      where s.revoked_at is null and s.absolute_expires_at > ${at}
        and s.last_used_at > ${idleSince} and ${userIn}) as users_signed_in,
    (select count(*)::int from clicks k join contracts c on c.id = k.contract_id
      where k.created_at >= ${today.dayStart}
        and k.created_at < ${today.dayEnd}
        and ${customerIn('c.customer_id')}) as clicks_today,
    (select count(*)::int from clicks k join contracts c on c.id = k.contract_id
      where k.created_at >= ${today.dayStart}
        and k.created_at < ${today.dayEnd}
        and k.status = 'COMPLETED' and ${customerIn('c.customer_id')}) as clicks_completed,
    (select count(*)::int from clicks k join contracts c on c.id = k.contract_id
      where k.status = 'PENDING_APPROVAL' and ${customerIn('c.customer_id')}) as pending,
    (select t.pauze_active from trading_status t) as paused`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('the figures query answered no row');
  return row;
}

/** The names of these customers by id, for the pending approvals' list. */
export async function customerNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name] as const));
}

/**
 * Customers, users and contracts whose name or id holds the text, at most ADMIN_SEARCH_LIMIT of
 * each. `own`: the account manager's portfolio (null: every customer), so users count only as
 * customers' and consultants' of it; the caller answers an empty portfolio itself.
 */
export async function searchReach(
  db: Db,
  q: string,
  own: readonly number[] | null,
): Promise<AdminSearchResult> {
  const like = likePattern(q);
  const id = /^\d{1,9}$/.test(q) ? Number(q) : -1;
  const mine = (column: string) =>
    own === null ? sql`true` : sql`${sql.ref(column)} in (${sql.join(own)})`;
  const [customers, users, contracts] = await Promise.all([
    sql<{ id: number; name: string; active: boolean }>`
      select c.id, c.name, c.active from customers c
      where (lower(c.name) like ${like} or c.id = ${id}) and ${mine('c.id')}
      order by lower(c.name), c.id limit ${ADMIN_SEARCH_LIMIT}`.execute(db),
    sql<{ id: number; username: string; name: string; role: string; disabled: boolean }>`
      select u.id, u.username, u.name, u.role, u.disabled from users u
      where (lower(u.username) like ${like} or lower(u.name) like ${like}
          or lower(coalesce(u.email, '')) like ${like} or u.id = ${id})
        and ${
          own === null
            ? sql`true`
            : sql`u.role in ('customer', 'consultant') and exists (select 1
                from user_customers uc where uc.user_id = u.id and ${mine('uc.customer_id')})`
        }
      order by lower(u.name), u.id limit ${ADMIN_SEARCH_LIMIT}`.execute(db),
    sql<{
      contract_id: string;
      customer_id: number;
      customer_name: string;
      commodity: 'Power' | 'Gas';
      product: string;
    }>`
      select k.contract_id, k.customer_id, c.name as customer_name, k.commodity, k.product
      from contracts k join customers c on c.id = k.customer_id
      where (lower(k.contract_id) like ${like} or lower(k.product) like ${like})
        and ${mine('k.customer_id')}
      order by k.contract_id limit ${ADMIN_SEARCH_LIMIT}`.execute(db),
  ]);
  return {
    customers: customers.rows,
    users: users.rows.map((user) => ({
      id: user.id,
      username: user.username,
      name: user.name,
      role: user.role as AdminSearchResult['users'][number]['role'],
      active: !user.disabled,
    })),
    contracts: contracts.rows.map((contract) => ({
      contractId: contract.contract_id,
      customerId: contract.customer_id,
      customerName: contract.customer_name,
      commodity: contract.commodity,
      product: contract.product,
    })),
  };
}
