import { isStaffRole, type UserSession } from '@klik/api';
import { tpiConsultantBehind } from '../session/impersonation';
import { PATHS, RETURN_URL_PARAM } from './paths';

/**
 * Who may open a guarded screen. `staff`: admin and account manager (the spec's admin guard);
 * `regular`: anyone signed in but the role admin (spec section 6); `signedIn`: anyone signed in;
 * `tpi`: a regular user with the TPI page; `users`: whoever may read users in the permission
 * matrix (staff, a customer user with the manage-users right); `adminOnly`: the role admin alone;
 * `changePassword`: anyone signed in, also with an initial password still to change (every other
 * access sends them there first); `integrations`: an administrator or a user manager, either not
 * read-only (docs/permissions.md `integrations.manage`: everything on that screen is a change).
 */
export type Access =
  | 'staff'
  | 'regular'
  | 'signedIn'
  | 'tpi'
  | 'users'
  | 'adminOnly'
  | 'changePassword'
  | 'integrations';

/** manageUsers: a customer user who manages their company's users (docs/permissions.md). */
type SessionRole = Pick<UserSession, 'role' | 'allowTPIPage' | 'manageUsers'> &
  Partial<Pick<UserSession, 'readOnly'>>;

/** Guarded screens by their first path segment. */
export const ROUTE_ACCESS: Readonly<Record<string, Access>> = {
  dashboard: 'regular',
  admindashboard: 'staff',
  myinfo: 'signedIn',
  help: 'signedIn',
  overview: 'tpi',
  consultantdashboard: 'regular',
  monitordashboard: 'adminOnly',
  monitorprices: 'adminOnly',
  startpurchase: 'regular',
  configurepurchase: 'regular',
  confirmpurchase: 'regular',
  clickoverview: 'regular',
  clickcounter: 'regular',
  resultaten: 'regular',
  budget: 'regular',
  hedgepolicy: 'regular',
  risk: 'regular',
  strategy: 'regular',
  deadlines: 'regular',
  manageusers: 'staff',
  editusers: 'users',
  addviewonlyuser: 'users',
  addaccountmanager: 'adminOnly',
  csu: 'staff',
  audit: 'staff',
  editconsultant: 'adminOnly',
  managecustomers: 'staff',
  editcustomer: 'staff',
  // managecontract/import narrows this to admins with its own guard and menu entry.
  managecontract: 'staff',
  notificaties: 'signedIn',
  notifications: 'signedIn',
  announcements: 'adminOnly',
  mailoutbox: 'adminOnly',
  managemargins: 'adminOnly',
  // The price history import (priceHistory.import): its menu entry also asks for the permission.
  pricehistory: 'adminOnly',
  pricealerts: 'regular',
  standingorders: 'regular',
  integrations: 'integrations',
};

export function admits(access: Access, session: SessionRole): boolean {
  switch (access) {
    case 'staff':
      return isStaffRole(session.role);
    case 'regular':
      return session.role !== 'admin';
    case 'signedIn':
    case 'changePassword':
      return true;
    case 'tpi':
      return session.role !== 'admin' && session.allowTPIPage;
    case 'users':
      return (
        isStaffRole(session.role) || (session.role === 'customer' && session.manageUsers === true)
      );
    case 'adminOnly':
      return session.role === 'admin';
    case 'integrations':
      return (
        session.readOnly !== true &&
        (session.role === 'admin' || (session.role === 'customer' && session.manageUsers === true))
      );
  }
}

/**
 * Where a user lands after login (spec section 2) and when a guard refuses them; a TPI consultant
 * acting for a customer after login-as lands on consultantdashboard (also after a reload, so the
 * stored sessions decide, not the navigation that started it).
 */
export function homePath(
  session: SessionRole & Partial<Pick<UserSession, 'impersonatedBy'>>,
): string {
  if (tpiConsultantBehind({ impersonatedBy: session.impersonatedBy ?? null })) {
    return PATHS.consultantDashboard;
  }
  if (isStaffRole(session.role)) return PATHS.adminDashboard;
  if (session.role === 'consultant' && session.allowTPIPage) return PATHS.overview;
  return PATHS.dashboard;
}

function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/** True when the path belongs to a guarded screen that admits this user. */
export function canOpen(pathname: string, session: SessionRole): boolean {
  const access = ROUTE_ACCESS[firstSegment(pathname)];
  return access !== undefined && admits(access, session);
}

const PROBE_ORIGIN = 'http://klik.invalid';

/**
 * A returnUrl is honoured only as a same-origin relative path starting with a single '/', so the
 * login screen can never become an open redirect. Answers the normalised path or null.
 */
export function sanitizeReturnUrl(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read '\' as '/', and control characters are stripped before parsing.
  if (
    raw.includes('\\') ||
    [...raw].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f')
  ) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The screen to open after login: the returnUrl when safe and admitted, else the user's home. */
export function targetAfterLogin(rawReturnUrl: string | null, session: SessionRole): string {
  const returnUrl = sanitizeReturnUrl(rawReturnUrl);
  if (returnUrl !== null && canOpen(new URL(returnUrl, PROBE_ORIGIN).pathname, session)) {
    return returnUrl;
  }
  return homePath(session);
}

export function loginPathReturningTo(current: string): string {
  const returnUrl = sanitizeReturnUrl(current);
  if (returnUrl === null || returnUrl === '/' || returnUrl.startsWith(PATHS.login)) {
    return PATHS.login;
  }
  return `${PATHS.login}?${new URLSearchParams({ [RETURN_URL_PARAM]: returnUrl }).toString()}`;
}

/** The change-password screen, returning afterwards to where the user was going. */
export function changePasswordPathReturningTo(current: string): string {
  const returnUrl = sanitizeReturnUrl(current);
  if (returnUrl === null || returnUrl === '/' || returnUrl.startsWith(PATHS.changePassword)) {
    return PATHS.changePassword;
  }
  return `${PATHS.changePassword}?${new URLSearchParams({ [RETURN_URL_PARAM]: returnUrl }).toString()}`;
}
