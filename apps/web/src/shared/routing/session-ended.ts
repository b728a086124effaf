import type { TerminateSessionPayload } from '@klik/api';
import { isFields, isOneOf } from '../checks/plain-checks';

/** Router state with which the login screen learns why the server ended the session. */
export interface SessionEndedState {
  sessionEnded: TerminateSessionPayload['reason'];
}

// TerminateSessionPayloadSchema's reasons, checked by hand: the login screen loads without zod.
const REASONS: readonly TerminateSessionPayload['reason'][] = ['LOGOUT', 'TERMINATED', 'EXPIRED'];

/** The reason in a location's state, or null when the login screen was opened otherwise. */
export function sessionEndedReason(state: unknown): SessionEndedState['sessionEnded'] | null {
  return isFields(state) && isOneOf(REASONS, state.sessionEnded) ? state.sessionEnded : null;
}
