import { ApiError } from '@klik/api';
import type { MessageKey } from '../../shared/i18n/catalogues';

/** True when the server asks for the authenticator code along with the password. */
export function asksForCode(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'SECOND_FACTOR_REQUIRED' || error.code === 'SECOND_FACTOR_INVALID')
  );
}

/** The one message a failed login shows: a catalogue entry, or the server's own text. */
export type LoginFailure = { kind: 'message'; key: MessageKey } | { kind: 'text'; text: string };

export function loginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiError) {
    // An administrator's second factor (docs/security.md): the form then asks for the code.
    if (error.code === 'SECOND_FACTOR_REQUIRED') {
      return { kind: 'message', key: 'error.secondFactorRequired' };
    }
    if (error.code === 'SECOND_FACTOR_INVALID') {
      return { kind: 'message', key: 'error.secondFactorInvalid' };
    }
    // A refused XSRF token (400): the password was never checked, so saying it was wrong would
    // send the user looking for a typo; "not possible to login" and a reload hint instead.
    if (error.code === 'XSRF_MISMATCH') {
      return { kind: 'message', key: 'login.error.xsrfMismatch' };
    }
    if (error.status === 403) return { kind: 'message', key: 'login.error.invalidCredentials' };
    // The server words the lock-out in the request's locale, with the waiting time.
    if (error.status === 429) {
      return error.message.trim() === ''
        ? { kind: 'message', key: 'error.tooManyAttempts' }
        : { kind: 'text', text: error.message };
    }
  }
  return { kind: 'message', key: 'login.error.unavailable' };
}
