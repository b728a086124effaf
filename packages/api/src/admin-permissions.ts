import type { Role } from './auth.schemas';

/*
 * Who may do what in the administrative area: the one permission matrix. The server's guards
 * enforce it (requirePermission), the permission test walks it cell by cell, docs/permissions.md
 * shows it (a test keeps the table there equal to renderPermissionMatrix()), and the web may read
 * it to show or hide what a user cannot do anyway.
 */

/**
 * Whom a rule is written for. Role decides, except that a customer user with the right to
 * manage their company's users (manageUsers: editusers, addviewonlyuser) is a userManager, and a
 * consultant with the TPI page (allowTPIPage, spec section 6) is a tpiConsultant.
 */
export const PRINCIPALS = [
  'admin',
  'accountmanager',
  'userManager',
  'consultant',
  'tpiConsultant',
  'customer',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

export function principalOf(role: Role, manageUsers: boolean, allowTPIPage = false): Principal {
  if (role === 'customer' && manageUsers) return 'userManager';
  if (role === 'consultant' && allowTPIPage) return 'tpiConsultant';
  return role;
}

/**
 * How far a principal reaches for an action:
 * - all: every customer, user and record;
 * - own: only what belongs to their own customers. For an account manager that is their
 *   portfolio (the customers an admin assigned); for a user manager the customers they belong to.
 *   A user is someone's own when every customer of that user is one of their own (and, for a
 *   user manager, the user is a customer user);
 * - none: refused (403).
 */
export type Reach = 'all' | 'own' | 'none';

/** What an action is about, which decides what "own" is checked against. */
export type Subject = 'customer' | 'user' | 'global';

export interface PermissionRule {
  /** A change: refused to every read-only session (an account manager with readOnly sees only). */
  writes: boolean;
  subject: Subject;
  reach: Record<Principal, Reach>;
  /** One line for docs/permissions.md. */
  summary: string;
}

const NOBODY_ELSE = {
  userManager: 'none',
  consultant: 'none',
  tpiConsultant: 'none',
  customer: 'none',
} as const;

export const PERMISSIONS = {
  'adminDashboard.read': {
    writes: false,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE },
    summary: 'admindashboard figures, pending approvals and search (over what the caller reaches)',
  },
  'customers.read': {
    writes: false,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE },
    summary: 'managecustomers list and editcustomer: dashboards, contracts, users, settings, terms',
  },
  'customers.create': {
    writes: true,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary: 'create a customer',
  },
  'customers.edit': {
    writes: true,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE },
    summary: 'rename a customer, its click settings (SMS, four-eyes approval, click limits)',
  },
  'customers.deactivate': {
    writes: true,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary: 'deactivate or reactivate a customer',
  },
  'contracts.read': {
    writes: false,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE },
    summary: 'managecontract list and one contract: volumes per year, what is clicked, settings',
  },
  'contracts.create': {
    writes: true,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE },
    summary: 'create a contract for a customer',
  },
  'contracts.edit': {
    writes: true,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE },
    summary:
      'change a contract (volumes, prices, click limits, deadlines, dashboards); clicks are never changed',
  },
  'terms.publish': {
    writes: true,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE },
    summary: "publish a customer's terms (the default terms for every customer: admin only)",
  },
  'announcements.publish': {
    writes: true,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary:
      'announcements to every user or chosen customers (nl, en, a file per language); their list',
  },
  'users.read': {
    writes: false,
    subject: 'customer',
    reach: {
      admin: 'all',
      accountmanager: 'own',
      userManager: 'own',
      consultant: 'none',
      tpiConsultant: 'none',
      customer: 'none',
    },
    summary: 'manageusers and editusers lists, one user',
  },
  'users.create': {
    writes: true,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE },
    summary:
      'create a user with an initial password (account managers: customer and consultant users)',
  },
  'users.createViewOnly': {
    writes: true,
    subject: 'customer',
    reach: {
      admin: 'all',
      accountmanager: 'own',
      userManager: 'own',
      consultant: 'none',
      tpiConsultant: 'none',
      customer: 'none',
    },
    summary: 'addviewonlyuser: a read-only customer user who may not click',
  },
  'users.edit': {
    writes: true,
    subject: 'user',
    reach: {
      admin: 'all',
      accountmanager: 'own',
      userManager: 'own',
      consultant: 'none',
      tpiConsultant: 'none',
      customer: 'none',
    },
    summary: "edit a user's details and rights, never above the editor's own",
  },
  'users.deactivate': {
    writes: true,
    subject: 'user',
    reach: {
      admin: 'all',
      accountmanager: 'own',
      userManager: 'own',
      consultant: 'none',
      tpiConsultant: 'none',
      customer: 'none',
    },
    summary: 'deactivate (ends their sessions at once) or reactivate a user; never yourself',
  },
  'users.resetPassword': {
    writes: true,
    subject: 'user',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE },
    summary: 'set a new initial password that must be changed at the next sign-in',
  },
  'accountManagers.manage': {
    writes: true,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary: "addaccountmanager and assigning an account manager's portfolio",
  },
  'consultants.manage': {
    writes: true,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary: 'editconsultant: name, customers, allowTPIPage',
  },
  'audit.read': {
    writes: false,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE },
    summary: 'the audit log and its CSV export (account managers: events of their portfolio)',
  },
  'audit.verify': {
    writes: false,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary:
      'the integrity of the audit log and the click ledger: per stream, how far the hash chain is intact (admins only: streams of every customer)',
  },
  loginAs: {
    writes: false,
    subject: 'user',
    reach: { admin: 'all', accountmanager: 'own', ...NOBODY_ELSE, tpiConsultant: 'own' },
    summary:
      'sign in as a customer-side user (an account manager keeps their own readOnly; a TPI consultant: customer users of their own customers)',
  },
  'trading.pause': {
    writes: true,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary: 'pause or resume clicking for every customer (beyond any portfolio: admins only)',
  },
  'monitor.read': {
    writes: false,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary:
      'monitordashboard and monitorprices: every active session, price board, feed health (admins only)',
  },
  'sessions.terminate': {
    writes: true,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary: 'end another session (terminateSession)',
  },
  'loginThrottle.lift': {
    writes: true,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary: 'lift the sign-in throttle of an account (docs/security.md)',
  },
  'mailOutbox.read': {
    writes: false,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary:
      'the notification e-mails of every user: sent, waiting, failed, or kept by the development outbox (admins only)',
  },
  'margins.read': {
    writes: false,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary:
      'managemargins: margin scenarios with every version and assignment, pricing IDs, the price preview (admins only: scenarios span every customer)',
  },
  'margins.manage': {
    writes: true,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary:
      'create and change margin scenarios (each change a new version), assign them to customers and contracts, edit the pricing IDs',
  },
  'contracts.import': {
    writes: true,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary:
      'import contracts and volumes from CSV or XLSX, also as a dry run (any customer: admins only)',
  },
  'priceHistory.import': {
    writes: true,
    subject: 'global',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE },
    summary:
      'import daily settlement prices into the price history for the backtest, also as a dry run (docs/backtest.md: admins only)',
  },
  'integrations.manage': {
    writes: true,
    subject: 'customer',
    reach: { admin: 'all', accountmanager: 'none', ...NOBODY_ELSE, userManager: 'own' },
    summary:
      "the customer's API clients (docs/integrations.md: list, create, rotate, revoke; write scopes only for who may act for the customer) and webhook endpoints (docs/webhooks.md: list, create, change, delete, rotate the secret, test, the delivery log and replay)",
  },
} as const satisfies Record<string, PermissionRule>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

export function ruleOf(action: Action): PermissionRule {
  return PERMISSIONS[action];
}

/** The caller's reach for an action; a read-only session reaches nothing that writes. */
export function reachOf(action: Action, principal: Principal, readOnly: boolean): Reach {
  const rule: PermissionRule = PERMISSIONS[action];
  if (rule.writes && readOnly) return 'none';
  return rule.reach[principal];
}

const REACH_TEXT: Record<Reach, string> = { all: 'all', own: 'own', none: '—' };

/** The matrix as the Markdown table in docs/permissions.md. */
export function renderPermissionMatrix(): string {
  const header = `| action | ${PRINCIPALS.join(' | ')} | writes | what |`;
  const rule = `| --- | ${PRINCIPALS.map(() => ':-:').join(' | ')} | :-: | --- |`;
  const rows = ACTIONS.map((action) => {
    const entry: PermissionRule = PERMISSIONS[action];
    const cells = PRINCIPALS.map((principal) => REACH_TEXT[entry.reach[principal]]);
    return `| \`${action}\` | ${cells.join(' | ')} | ${entry.writes ? 'yes' : 'no'} | ${entry.summary} |`;
  });
  return [header, rule, ...rows].join('\n');
}
