import { sql } from 'kysely';
import {
  ADMIN_SEARCH_LIMIT,
  PENDING_APPROVALS_LIMIT,
  type AdminDashboard,
  type AdminSearchResult,
  type FeedHealth,
  type PendingApprovalList,
} from '@klik/api';
import { addDays, amsterdamDate, amsterdamInstant, MIDNIGHT } from '@klik/domain';
import type { AuthContext } from '../../kernel/auth/auth-context';
import type { AdminDeps } from './admin-change';
import { clickDetails } from '../clicks/clicks.service';
import { findAuditEvents } from '../../kernel/audit/audit-reading';
import { scopeOf } from './permissions';
import { likePattern } from '../../db/like-pattern';
import { idleCutoff } from '../../kernel/sessions/session-open';

export interface AdminDashboardDeps extends AdminDeps {
  /** A session unused for longer has ended (SESSION_IDLE_MINUTES). */
  idleMinutes: number;
  feedHealth: () => Promise<FeedHealth>;
}

const RECENT_EVENTS = 10;

/** The admindashboard's figures and its search, over what the caller reaches. */
export class AdminDashboardService {
  constructor(private readonly deps: AdminDashboardDeps) {}

  async figures(auth: AuthContext): Promise<AdminDashboard> {
    const { db, now, idleMinutes } = this.deps;
    const scope = await scopeOf(db, auth, 'adminDashboard.read');
    const own = scope.customerFilter;
    const at = now();
    const today = amsterdamDate(at);
    // An account manager counts their portfolio; with an empty one, nothing.
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
    const idleSince = idleCutoff(at, idleMinutes);
    const result = await sql<{
      customers_active: number;
      customers_inactive: number;
      users_active: number;
      users_signed_in: number;
      clicks_today: number;
      clicks_completed: number;
      pending: number;
      paused: boolean;
    }>`select
      (select count(*)::int from customers c where c.active and ${customerIn('c.id')})
        as customers_active,
      (select count(*)::int from customers c where not c.active and ${customerIn('c.id')})
        as customers_inactive,
      (select count(*)::int from users u where not u.disabled and ${userIn}) as users_active,
      (select count(distinct s.user_id)::int from sessions s join users u on u.id = s.user_id
        where s.revoked_at is null and s.absolute_expires_at > ${at}
          and s.last_used_at > ${idleSince} and ${userIn}) as users_signed_in,
      (select count(*)::int from clicks k join contracts c on c.id = k.contract_id
        where k.created_at >= ${amsterdamInstant(today, MIDNIGHT)}
          and k.created_at < ${amsterdamInstant(addDays(today, 1), MIDNIGHT)}
          and ${customerIn('c.customer_id')}) as clicks_today,
      (select count(*)::int from clicks k join contracts c on c.id = k.contract_id
        where k.created_at >= ${amsterdamInstant(today, MIDNIGHT)}
          and k.created_at < ${amsterdamInstant(addDays(today, 1), MIDNIGHT)}
          and k.status = 'COMPLETED' and ${customerIn('c.customer_id')}) as clicks_completed,
      (select count(*)::int from clicks k join contracts c on c.id = k.contract_id
        where k.status = 'PENDING_APPROVAL' and ${customerIn('c.customer_id')}) as pending,
      (select t.pauze_active from trading_status t) as paused`.execute(db);
    const row = result.rows[0];
    if (!row) throw new Error('the figures query answered no row');
    const [feed, recentEvents] = await Promise.all([
      this.deps.feedHealth(),
      findAuditEvents(db, { sort: '-at' }, scope.customerFilter, RECENT_EVENTS, 0),
    ]);
    return {
      customers: { active: row.customers_active, inactive: row.customers_inactive },
      users: { active: row.users_active, signedIn: row.users_signed_in },
      clicksToday: { total: row.clicks_today, completed: row.clicks_completed },
      pendingApprovals: row.pending,
      pauzeActive: row.paused,
      feed,
      recentEvents,
    };
  }

  /**
   * The clicks waiting for approval in the caller's reach, the nearest deadline first, so an
   * operator decides the urgent ones before they expire. mayDecide follows the four-eyes rule:
   * staff who are not read-only, never the click's creator.
   */
  async approvals(auth: AuthContext): Promise<PendingApprovalList> {
    const { db } = this.deps;
    const scope = await scopeOf(db, auth, 'adminDashboard.read');
    const own = scope.customerFilter;
    const clicks = await clickDetails(
      db,
      { status: 'PENDING_APPROVAL', ...(own === null ? {} : { customerIds: own }) },
      { userId: auth.user.id, mayApprove: !auth.user.readOnly },
    );
    const urgent = clicks
      .sort((a, b) => (a.approvalDeadline ?? '').localeCompare(b.approvalDeadline ?? ''))
      .slice(0, PENDING_APPROVALS_LIMIT);
    const ids = [...new Set(urgent.map((click) => click.customerId))];
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await db.selectFrom('customers').select(['id', 'name']).where('id', 'in', ids).execute()
          ).map((row) => [row.id, row.name] as const),
    );
    return {
      data: urgent.map((click) => ({ ...click, customerName: names.get(click.customerId) ?? '' })),
    };
  }

  /** Customers, users and contracts whose name or id holds the text, at most 10 of each. */
  async search(auth: AuthContext, q: string): Promise<AdminSearchResult> {
    const { db } = this.deps;
    const scope = await scopeOf(db, auth, 'adminDashboard.read');
    const own = scope.customerFilter;
    if (own !== null && own.length === 0) return { customers: [], users: [], contracts: [] };
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
}
