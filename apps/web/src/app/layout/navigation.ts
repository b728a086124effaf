import type { UserSession } from '@klik/api';
import { ADMIN_WEB_PATHS } from '../../features/admin/admin-paths';
import { may } from '../../features/admin/derive/may';
import { BUDGETS_WEB_PATH } from '../../features/budgets/budgets-paths';
import { CLICKS_PATHS_WEB } from '../../features/clicks/clicks-paths';
import { HEDGE_POLICIES_WEB_PATH } from '../../features/hedge-policies/hedge-policies-paths';
import { INTEGRATIONS_WEB_PATH } from '../../features/integrations/integrations-paths';
import { DEADLINES_WEB_PATH } from '../../features/deadlines/deadlines-paths';
import { MARGINS_WEB_PATH } from '../../features/margins/margins-paths';
import { CONTRACT_IMPORT_WEB_PATH } from '../../features/contracts/contracts-import-paths';
import { CONTRACT_WEB_PATHS } from '../../features/contracts/contracts-paths';
import { NOTIFICATIONS_PATHS_WEB } from '../../features/notifications/notifications-paths';
import { PRICE_ALERTS_WEB_PATH } from '../../features/price-alerts/price-alerts-paths';
import { RISK_WEB_PATH } from '../../features/risk/risk-paths';
import { BACKTEST_WEB_PATH, PRICE_HISTORY_WEB_PATH } from '../../features/backtest/backtest-paths';
import { STANDING_ORDERS_WEB_PATH } from '../../features/standing-orders/standing-orders-paths';
import type { MessageKey } from '../../shared/i18n/catalogues';
import { canOpen } from '../../shared/routing/access';
import { PATHS } from '../../shared/routing/paths';

/** The menu's groups, by the task a user comes for, in the order they are shown. */
export const NAV_GROUPS = [
  { id: 'positions', label: 'shell.nav.group.positions' },
  { id: 'clicks', label: 'shell.nav.group.clicks' },
  { id: 'plan', label: 'shell.nav.group.plan' },
  { id: 'notifications', label: 'shell.nav.group.notifications' },
  { id: 'admin', label: 'shell.nav.group.admin' },
] as const satisfies readonly { id: string; label: MessageKey }[];

export type NavGroupId = (typeof NAV_GROUPS)[number]['id'];

export interface NavEntry {
  /** The screen's path; who may open it comes from ROUTE_ACCESS (shared/routing/access.ts). */
  path: string;
  label: MessageKey;
  group: NavGroupId;
  /** The screen works on the selected customer: not offered to a user without customers. */
  needsCustomer?: boolean;
  /** A right beyond the route's access (e.g. not read-only), when the entry needs one. */
  requires?: (session: UserSession) => boolean;
}

/**
 * Every entry of the main menu; the desktop sidebar and the phone's drawer both render this list.
 * A new screen adds one line here (docs/web-shell.md).
 */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { path: PATHS.overview, label: 'shell.nav.overview', group: 'positions' },
  { path: PATHS.dashboard, label: 'shell.nav.dashboard', group: 'positions' },
  {
    path: CLICKS_PATHS_WEB.overview,
    label: 'shell.nav.clickOverview',
    group: 'clicks',
    needsCustomer: true,
  },
  {
    path: CLICKS_PATHS_WEB.counter,
    label: 'shell.nav.clickCounter',
    group: 'clicks',
    needsCustomer: true,
  },
  {
    path: CLICKS_PATHS_WEB.results,
    label: 'shell.nav.results',
    group: 'clicks',
    needsCustomer: true,
  },
  { path: DEADLINES_WEB_PATH, label: 'shell.nav.deadlines', group: 'plan', needsCustomer: true },
  { path: BUDGETS_WEB_PATH, label: 'shell.nav.budget', group: 'plan', needsCustomer: true },
  {
    path: HEDGE_POLICIES_WEB_PATH,
    label: 'shell.nav.hedgePolicy',
    group: 'plan',
    needsCustomer: true,
  },
  { path: RISK_WEB_PATH, label: 'shell.nav.risk', group: 'plan', needsCustomer: true },
  { path: BACKTEST_WEB_PATH, label: 'shell.nav.strategy', group: 'plan', needsCustomer: true },
  {
    path: PRICE_ALERTS_WEB_PATH,
    label: 'shell.nav.priceAlerts',
    group: 'plan',
    needsCustomer: true,
  },
  {
    path: STANDING_ORDERS_WEB_PATH,
    label: 'shell.nav.standingOrders',
    group: 'plan',
    needsCustomer: true,
  },
  {
    path: NOTIFICATIONS_PATHS_WEB.notifications,
    label: 'shell.nav.notifications',
    group: 'notifications',
  },
  {
    path: NOTIFICATIONS_PATHS_WEB.announcements,
    label: 'shell.nav.announcements',
    group: 'notifications',
    requires: (session) => !session.readOnly,
  },
  { path: PATHS.adminDashboard, label: 'shell.nav.adminDashboard', group: 'admin' },
  { path: PATHS.monitorDashboard, label: 'shell.nav.monitorDashboard', group: 'admin' },
  { path: PATHS.monitorPrices, label: 'shell.nav.monitorPrices', group: 'admin' },
  { path: ADMIN_WEB_PATHS.manageCustomers, label: 'shell.nav.manageCustomers', group: 'admin' },
  { path: CONTRACT_WEB_PATHS.manage, label: 'shell.nav.manageContracts', group: 'admin' },
  {
    // Until managecontract has its own entry; importing is for the role admin alone.
    path: CONTRACT_IMPORT_WEB_PATH,
    label: 'shell.nav.contractImport',
    group: 'admin',
    requires: (session) => session.role === 'admin',
  },
  {
    // Beside the contract import: the price history the backtest replays, for whoever may import.
    path: PRICE_HISTORY_WEB_PATH,
    label: 'shell.nav.priceHistory',
    group: 'admin',
    requires: (session) => may(session, 'priceHistory.import'),
  },
  { path: ADMIN_WEB_PATHS.manageUsers, label: 'shell.nav.manageUsers', group: 'admin' },
  {
    // Admins and account managers reach each user from manageusers; this is a user manager's list.
    path: ADMIN_WEB_PATHS.editUsers,
    label: 'shell.nav.editUsers',
    group: 'admin',
    requires: (session) => session.role === 'customer',
  },
  {
    path: ADMIN_WEB_PATHS.addViewOnlyUser,
    label: 'shell.nav.addViewOnlyUser',
    group: 'admin',
    requires: (session) => !session.readOnly,
  },
  {
    // Beside the users a user manager manages. Not needsCustomer: an administrator's session holds
    // no customers (decision 007); they find one on the screen.
    path: INTEGRATIONS_WEB_PATH,
    label: 'shell.nav.integrations',
    group: 'admin',
    requires: (session) => session.role === 'admin' || session.allowedCustomers.length > 0,
  },
  { path: ADMIN_WEB_PATHS.csu, label: 'shell.nav.csu', group: 'admin' },
  { path: ADMIN_WEB_PATHS.audit, label: 'shell.nav.audit', group: 'admin' },
  { path: ADMIN_WEB_PATHS.mailOutbox, label: 'shell.nav.mailOutbox', group: 'admin' },
  { path: MARGINS_WEB_PATH, label: 'shell.nav.manageMargins', group: 'admin' },
  { path: ADMIN_WEB_PATHS.consultants, label: 'shell.nav.consultants', group: 'admin' },
  {
    path: ADMIN_WEB_PATHS.addAccountManager,
    label: 'shell.nav.addAccountManager',
    group: 'admin',
    requires: (session) => !session.readOnly,
  },
];

export interface VisibleNavGroup {
  id: NavGroupId;
  label: MessageKey;
  entries: NavEntry[];
}

function isVisible(entry: NavEntry, session: UserSession): boolean {
  if (!canOpen(entry.path, session)) return false;
  if (entry.needsCustomer && session.allowedCustomers.length === 0) return false;
  return entry.requires?.(session) ?? true;
}

/** The groups this user sees, each with its entries; a group without entries is left out. */
export function navigationFor(
  session: UserSession,
  entries: readonly NavEntry[] = NAV_ENTRIES,
): VisibleNavGroup[] {
  return NAV_GROUPS.map((group) => ({
    id: group.id,
    label: group.label,
    entries: entries.filter((entry) => entry.group === group.id && isVisible(entry, session)),
  })).filter((group) => group.entries.length > 0);
}
