import { describe, expect, it } from 'vitest';
import type { UserSession } from '@klik/api';
import { ROUTE_ACCESS } from '../../shared/routing/access';
import { aUserSession } from '../../test/builders';
import { NAV_ENTRIES, navigationFor, type NavEntry } from './navigation';

/** The menu as group label → entry labels, as a user reads it. */
function menuOf(overrides: Partial<UserSession>, entries?: readonly NavEntry[]) {
  return navigationFor(aUserSession(overrides), entries).map((group) => [
    group.label,
    group.entries.map((entry) => entry.label),
  ]);
}

const CLICKS = [
  'shell.nav.group.clicks',
  ['shell.nav.clickOverview', 'shell.nav.clickCounter', 'shell.nav.results'],
];
// The plan's screens; each feature adds its entry.
const PLAN = [
  'shell.nav.group.plan',
  [
    'shell.nav.deadlines',
    'shell.nav.budget',
    'shell.nav.hedgePolicy',
    'shell.nav.risk',
    'shell.nav.strategy',
    'shell.nav.priceAlerts',
    'shell.nav.standingOrders',
  ],
];
const NOTIFICATIONS = ['shell.nav.group.notifications', ['shell.nav.notifications']];
const ADMIN = [
  'shell.nav.group.admin',
  [
    'shell.nav.adminDashboard',
    'shell.nav.monitorDashboard',
    'shell.nav.monitorPrices',
    'shell.nav.manageCustomers',
    'shell.nav.manageContracts',
    'shell.nav.contractImport',
    'shell.nav.priceHistory',
    'shell.nav.manageUsers',
    'shell.nav.addViewOnlyUser',
    'shell.nav.integrations',
    'shell.nav.csu',
    'shell.nav.audit',
    'shell.nav.mailOutbox',
    'shell.nav.manageMargins',
    'shell.nav.consultants',
    'shell.nav.addAccountManager',
  ],
];
const ADMIN_FOR_ACCOUNT_MANAGER = [
  'shell.nav.group.admin',
  [
    'shell.nav.adminDashboard',
    'shell.nav.manageCustomers',
    'shell.nav.manageContracts',
    'shell.nav.manageUsers',
    'shell.nav.addViewOnlyUser',
    'shell.nav.csu',
    'shell.nav.audit',
  ],
];

describe('the main menu by role', () => {
  it('a customer sees positions and clicks, no administration', () => {
    expect(menuOf({ role: 'customer' })).toEqual([
      ['shell.nav.group.positions', ['shell.nav.dashboard']],
      CLICKS,
      PLAN,
      NOTIFICATIONS,
    ]);
  });

  it('a view-only user sees the same screens (what they may do there is up to each screen)', () => {
    expect(menuOf({ role: 'customer', readOnly: true })).toEqual(menuOf({ role: 'customer' }));
  });

  it('a consultant sees the dashboard; a TPI consultant also the overview, first', () => {
    expect(menuOf({ role: 'consultant' })).toEqual([
      ['shell.nav.group.positions', ['shell.nav.dashboard']],
      CLICKS,
      PLAN,
      NOTIFICATIONS,
    ]);
    expect(menuOf({ role: 'consultant', allowTPIPage: true })).toEqual([
      ['shell.nav.group.positions', ['shell.nav.overview', 'shell.nav.dashboard']],
      CLICKS,
      PLAN,
      NOTIFICATIONS,
    ]);
  });

  it('an admin sees the administration and the notifications with the announcements', () => {
    expect(menuOf({ role: 'admin', allowedCustomers: [] })).toEqual([
      ['shell.nav.group.notifications', ['shell.nav.notifications', 'shell.nav.announcements']],
      ADMIN,
    ]);
  });

  it('an account manager sees the customer screens and the administration', () => {
    expect(menuOf({ role: 'accountmanager' })).toEqual([
      ['shell.nav.group.positions', ['shell.nav.dashboard']],
      CLICKS,
      PLAN,
      NOTIFICATIONS,
      ADMIN_FOR_ACCOUNT_MANAGER,
    ]);
  });

  it("a customer user who manages their company's users finds them under administration", () => {
    expect(menuOf({ role: 'customer', manageUsers: true } as Partial<UserSession>)).toEqual([
      ['shell.nav.group.positions', ['shell.nav.dashboard']],
      CLICKS,
      PLAN,
      NOTIFICATIONS,
      [
        'shell.nav.group.admin',
        ['shell.nav.editUsers', 'shell.nav.addViewOnlyUser', 'shell.nav.integrations'],
      ],
    ]);
  });

  it('integrations are for a user manager who is not read-only, beside their users', () => {
    const admin = (session: Partial<UserSession>) =>
      menuOf(session).find(([group]) => group === 'shell.nav.group.admin')?.[1] ?? [];
    expect(admin({ role: 'customer', manageUsers: true })).toContain('shell.nav.integrations');
    expect(admin({ role: 'customer' })).not.toContain('shell.nav.integrations');
    expect(admin({ role: 'customer', readOnly: true })).not.toContain('shell.nav.integrations');
    expect(admin({ role: 'customer', manageUsers: true, readOnly: true })).not.toContain(
      'shell.nav.integrations',
    );
    expect(admin({ role: 'customer', manageUsers: true, allowedCustomers: [] })).not.toContain(
      'shell.nav.integrations',
    );
  });

  it('screens that work on a selected customer are not offered without customers', () => {
    expect(menuOf({ role: 'customer', allowedCustomers: [] })).toEqual([
      ['shell.nav.group.positions', ['shell.nav.dashboard']],
      NOTIFICATIONS,
    ]);
  });

  it('a group is shown once it has an entry, in the order of the groups; rights narrow it', () => {
    const entries: NavEntry[] = [
      ...NAV_ENTRIES.filter((entry) => entry.group !== 'notifications'),
      { path: '/myinfo', label: 'shell.nav.myInfo', group: 'plan' },
      {
        path: '/myinfo',
        label: 'shell.nav.myInfo',
        group: 'notifications',
        requires: (session) => !session.readOnly,
      },
    ];
    expect(menuOf({ role: 'customer' }, entries).map(([group]) => group)).toEqual([
      'shell.nav.group.positions',
      'shell.nav.group.clicks',
      'shell.nav.group.plan',
      'shell.nav.group.notifications',
    ]);
    expect(menuOf({ role: 'customer', readOnly: true }, entries).map(([group]) => group)).toEqual([
      'shell.nav.group.positions',
      'shell.nav.group.clicks',
      'shell.nav.group.plan',
    ]);
  });

  it("the administrators' own screens are in their menu alone", () => {
    const paths = (overrides: Partial<UserSession>) =>
      navigationFor(aUserSession(overrides)).flatMap((group) =>
        group.entries.map((entry) => entry.path),
      );
    const admin = paths({ role: 'admin', allowedCustomers: [] });
    const accountManager = paths({ role: 'accountmanager' });
    const customer = paths({ role: 'customer' });
    for (const path of [
      '/mailoutbox',
      '/managemargins',
      '/managecontract/import',
      '/pricehistory',
    ]) {
      expect(admin, path).toContain(path);
      expect(accountManager, path).not.toContain(path);
      expect(customer, path).not.toContain(path);
    }
  });

  it('offers the price history import only to an administrator who may import', () => {
    const paths = (overrides: Partial<UserSession>) =>
      navigationFor(aUserSession(overrides)).flatMap((group) =>
        group.entries.map((entry) => entry.path),
      );
    expect(paths({ role: 'admin', allowedCustomers: [] })).toContain('/pricehistory');
    expect(paths({ role: 'admin', allowedCustomers: [], readOnly: true })).not.toContain(
      '/pricehistory',
    );
  });

  it('lists only guarded screens, so who sees an entry is who may open it', () => {
    for (const entry of NAV_ENTRIES) {
      expect(ROUTE_ACCESS[entry.path.split('/')[1] ?? ''], entry.path).toBeDefined();
    }
  });
});
