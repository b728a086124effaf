import {
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
import { scopeOf } from '../../kernel/access/admin-scope';
import { idleCutoff } from '../../kernel/sessions/session-open';
import { customerNames, dashboardCounts, searchReach } from './admin-dashboard.repository';

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
    const row = await dashboardCounts(db, own, at, idleCutoff(at, idleMinutes), {
      dayStart: amsterdamInstant(today, MIDNIGHT),
      dayEnd: amsterdamInstant(addDays(today, 1), MIDNIGHT),
    });
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
    const names = await customerNames(db, ids);
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
    return searchReach(db, q, own);
  }
}
