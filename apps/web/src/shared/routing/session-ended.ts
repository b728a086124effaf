import { z } from 'zod';
import { TerminateSessionPayloadSchema } from '@klik/api';

/** Router state with which the login screen learns why the server ended the session. */
export const SessionEndedStateSchema = z.object({
  sessionEnded: TerminateSessionPayloadSchema.shape.reason,
});
export type SessionEndedState = z.infer<typeof SessionEndedStateSchema>;

/** The reason in a location's state, or null when the login screen was opened otherwise. */
export function sessionEndedReason(state: unknown): SessionEndedState['sessionEnded'] | null {
  const parsed = SessionEndedStateSchema.safeParse(state);
  return parsed.success ? parsed.data.sessionEnded : null;
}
