import { ApiError } from '@klik/api';
import type { MessageKey } from '../../shared/i18n/catalogues';

/** The one message a failed login shows: a catalogue entry, or the server's own text. */
export type LoginFailure = { kind: 'message'; key: MessageKey } | { kind: 'text'; text: string };

export function loginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiError) {
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
