import type { ApiClient } from '@klik/api';
import { forgetOwnSession, ownSessionValue } from '../../shared/session/impersonation';
import { clearLocalSession, readSession } from '../../shared/session/session-store';

/** How long the login screen waits for the server to end the earlier sessions before its form. */
export const LOGOUT_WAIT_MS = 3000;

/**
 * Whether this tab still holds a session the login screen must end first (spec section 2): the
 * current one, or the administrator's or consultant's own session kept behind login-as.
 */
export function holdsEarlierSession(): boolean {
  return readSession() !== null || ownSessionValue.get() !== null;
}

/**
 * Removes the earlier sessions from this tab (spec section 4: the local session goes first) and
 * answers their tokens, to be ended on the server. A second call finds nothing.
 */
export function takeEarlierSessions(): string[] {
  const previous = clearLocalSession();
  // Opening the login screen while working as someone else ends the own session too: it would
  // otherwise stay valid on the server with nothing left in the browser to end it.
  const own = forgetOwnSession();
  return [previous?.token, own].filter((token): token is string => Boolean(token));
}

/**
 * Logs each token out on the server; settles when every call has answered (a failure is only
 * logged, spec section 8) or after `waitMs`, so an unreachable server does not keep the form away.
 */
export async function endOnServer(
  api: Pick<ApiClient, 'logout'>,
  tokens: readonly string[],
  waitMs = LOGOUT_WAIT_MS,
): Promise<void> {
  const calls = Promise.all(
    tokens.map((token) =>
      api.logout(token).catch((error: unknown) => {
        console.warn('Logging out the earlier session failed', error);
      }),
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  try {
    await Promise.race([calls, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
