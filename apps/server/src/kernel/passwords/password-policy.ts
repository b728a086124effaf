import { LOGIN_PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type FieldErrorCode } from '@klik/api';
import { AppError } from '../http/app-error';
import { isCommonPassword } from './common-passwords';

/** Why a password may not be set: a field error code, answered with 400 and its field. */
export type PasswordProblem = Extract<
  FieldErrorCode,
  'PASSWORD_REQUIRED' | 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_TOO_COMMON'
>;

/**
 * The portal's one password policy (docs/security.md), for every password that is set: by its
 * user (change, reset, invitation) or by an administrator (an initial password). A password is 8
 * to 20 characters (sign-in takes at most 20) and not one of the 10 000 most common ones, in any
 * case. The request schemas (NewPasswordSchema) already check the length, so a form shows it
 * before sending; this checks it again, so no way of setting a password can skip a part.
 */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length === 0) return 'PASSWORD_REQUIRED';
  if (password.length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (password.length > LOGIN_PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (isCommonPassword(password)) return 'PASSWORD_TOO_COMMON';
  return null;
}

/**
 * Refuses a password the policy does not allow with 400 and the problem's code, naming the
 * request's field (details.field) so the form shows the text beside it. Call it before anything
 * is hashed, written or audited.
 */
export function assertPasswordAllowed(password: string, context: { field: string }): void {
  const problem = passwordProblem(password);
  if (problem !== null) throw new AppError(problem, { details: { field: context.field } });
}
