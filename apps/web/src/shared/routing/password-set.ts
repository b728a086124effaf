/**
 * The navigation state with which a screen that just set the user's password (resetpassword)
 * opens the login screen, which then says so.
 */
export const PASSWORD_SET_STATE = { passwordSet: true } as const;

export function isPasswordSetState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'passwordSet' in state;
}
