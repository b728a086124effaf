/*
 * When a session is open: the one rule (docs/security.md, "Sessions"), read in SQL by
 * sessionOpenAt (sessions.repository.ts) and in code (hasSessionExpired) by the sign-in check and the websockets'
 * session check. A session is open while it is not revoked, before its absolute end, and used
 * within the last SESSION_IDLE_MINUTES.
 */

/** Sessions last used at or before this instant are idle too long at `at`. */
export function idleCutoff(at: Date, idleMinutes: number): Date {
  return new Date(at.getTime() - idleMinutes * 60_000);
}

/** A session's times, as every reader of it has them. */
export interface SessionTimes {
  lastUsedAt: Date;
  absoluteExpiresAt: Date;
}

/** Whether the session has run out at `at`: past its absolute end, or idle too long. */
export function hasSessionExpired(session: SessionTimes, at: Date, idleMinutes: number): boolean {
  return (
    at.getTime() >= session.absoluteExpiresAt.getTime() ||
    session.lastUsedAt.getTime() <= idleCutoff(at, idleMinutes).getTime()
  );
}
