import { ApiError } from '@klik/api';
import type { MessageKey } from '../../shared/i18n/catalogues';

/**
 * The sso screen's two messages (spec section 8, as on login): no Klik user for the identity
 * (403) or anything else (a spent, expired or foreign sign-in, the provider or server down).
 */
export function ssoFailureKey(error: unknown): MessageKey {
  if (error instanceof ApiError && error.status === 403) return 'login.error.invalidCredentials';
  return 'login.error.unavailable';
}

/** An absolute http(s) address: the provider's own authorise address set with KLIK_SSO_URL. */
export function isExternalSsoUrl(ssourl: string): boolean {
  return /^https?:\/\//i.test(ssourl);
}
