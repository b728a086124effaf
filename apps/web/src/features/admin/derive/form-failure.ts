import { ApiError, ErrorCodeSchema, type ErrorCode } from '@klik/api';
import { fieldOfServerError, type UserFormField } from './user-form';

/** How a refused save is shown: beside a field, as a stale version, or above the form. */
export type FormFailure =
  | { kind: 'field'; field: UserFormField; code: ErrorCode }
  | { kind: 'conflict' }
  | { kind: 'form'; code: ErrorCode };

/** The stable code of a refused call; a network failure or an unknown code reads as INTERNAL. */
export function errorCodeOf(error: unknown): ErrorCode {
  const parsed = ErrorCodeSchema.safeParse(error instanceof ApiError ? error.code : 'INTERNAL');
  return parsed.success ? parsed.data : 'INTERNAL';
}

export function formFailureOf(error: unknown): FormFailure {
  const code = errorCodeOf(error);
  if (code === 'VERSION_CONFLICT') return { kind: 'conflict' };
  const field = fieldOfServerError(code);
  return field === null ? { kind: 'form', code } : { kind: 'field', field, code };
}
