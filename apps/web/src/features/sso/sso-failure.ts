import { ApiError } from '@klik/api';
import type { MessageKey } from '../../shared/i18n/catalogues';

/**
 * The sso screen's two messages (spec section 8, as on login): no Klik user for the identity
 * (403) or anything else (a spent, expired or foreign sign-in, the provider or server down).
 */
export function ssoFailureKey(error: unknown): MessageKey {
  if (error instanceof ApiError && error.status === 403) return 'login.error.invalidCredentials';
  // Not the product being down: the sign-in was started elsewhere or took too long.
  if (error instanceof ApiError && error.code === 'SSO_STATE_INVALID') {
    return 'error.ssoStateInvalid';
  }
  return 'login.error.unavailable';
}

/**
 * Where loginoauth must move the browser before starting, or null when it is there already: the
 * portal's loginoauth at the origin of the address the provider sends back to, so the state cookie
 * set at the start is there when the browser returns (http://127.0.0.1:3000 is not localhost:3000).
 */
export function ssoStartAddress(
  returnUrl: string,
  hereOrigin: string,
  query: URLSearchParams,
): string | null {
  const there = new URL('loginoauth', returnUrl);
  if (there.origin === hereOrigin) return null;
  there.search = query.toString();
  return there.href;
}

/** An absolute http(s) address: the provider's own authorise address set with KLIK_SSO_URL. */
export function isExternalSsoUrl(ssourl: string): boolean {
  return /^https?:\/\//i.test(ssourl);
}
