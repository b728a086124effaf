import type { UserSession } from '@klik/api';
import { isFields, isString, valueCheck } from '../checks/plain-checks';
import { sessionJsonStorage } from '../storage/browser-storage';
import { readStoredSession, type StoredSession } from './session-check';
import { readSession, replaceSession } from './session-store';
import { createStoredValue } from '../storage/stored-value';

/**
 * Login-as keeps the administrator's (or the TPI consultant's) own session in this tab's session
 * storage, so one click brings them back to it: the server leaves that session valid while they
 * work as someone else, and offers no call to go back. Signing out (or going back) ends the
 * borrowed session and forgets this one.
 */
export interface OwnSession {
  session: StoredSession;
  /** The screen to go back to. */
  returnTo: string;
}

// Checked by hand, as the session is: readSession is on the login page's path (plain-checks.ts).
function readOwnSession(value: unknown): OwnSession | undefined {
  if (!isFields(value) || !isString(value.returnTo)) return undefined;
  const session = readStoredSession(value.session);
  return session && { session, returnTo: value.returnTo };
}

export const ownSessionValue = createStoredValue(
  sessionJsonStorage,
  'impersonator',
  valueCheck(readOwnSession),
);

/** The administrator's own session while this tab works as the user it names, else null. */
export function ownSessionBehind(current: Pick<UserSession, 'impersonatedBy'>): OwnSession | null {
  const own = ownSessionValue.get();
  return own !== null && own.session.username === current.impersonatedBy ? own : null;
}

/**
 * The TPI consultant's own session while this tab acts for one of their customers (login-as from
 * overview), else null: the borrowed session names its impersonator only by username, the kept
 * own session says they are a consultant with the TPI page.
 */
export function tpiConsultantBehind(
  current: Pick<UserSession, 'impersonatedBy'>,
): OwnSession | null {
  const own = current.impersonatedBy === null ? null : ownSessionBehind(current);
  return own?.session.role === 'consultant' && own.session.allowTPIPage ? own : null;
}

/** Continues as another user; the own session is kept to come back to. */
export function continueAs(borrowed: UserSession, returnTo: string): void {
  const own = readSession();
  if (own && own.impersonatedBy === null) ownSessionValue.set({ session: own, returnTo });
  replaceSession(borrowed);
}

/**
 * Back to the own session: answers it (now current again) and the borrowed token to end on the
 * server, or null when there is none to go back to.
 */
export function returnToOwnSession(): { own: OwnSession; borrowedToken: string } | null {
  const current = readSession();
  const own = current ? ownSessionBehind(current) : null;
  if (!current || !own) return null;
  ownSessionValue.remove();
  replaceSession(own.session);
  return { own, borrowedToken: current.token };
}

/** Forgets the own session (sign-out), answering its token so the caller can end it too. */
export function forgetOwnSession(): string | null {
  const own = ownSessionValue.get();
  ownSessionValue.remove();
  return own?.session.token ?? null;
}
