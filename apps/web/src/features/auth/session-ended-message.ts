import type { TerminateSessionPayload } from '@klik/api';
import type { MessageKey } from '../../shared/i18n/catalogues';

/** What the login screen says about a session the server ended, by its reason. */
export function sessionEndedMessageKey(reason: TerminateSessionPayload['reason']): MessageKey {
  switch (reason) {
    case 'LOGOUT':
      return 'login.sessionEnded.logout';
    case 'TERMINATED':
      return 'login.sessionEnded.terminated';
    case 'EXPIRED':
      return 'login.sessionEnded.expired';
  }
}
