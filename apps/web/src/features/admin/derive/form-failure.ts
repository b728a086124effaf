import { ApiError, ErrorCodeSchema, type ErrorCode } from '@klik/api';
import { fieldOfServerError, type UserFormField } from './user-form';

/** How a refused save is shown: beside a field, as a stale version, or above the form. */
export type FormFailure =
  | { kind: 'field'; field: UserFormField; code: ErrorCode }
  | { kind: 'conflict' }
  | { kind: 'form'; code: ErrorCode };

export function formFailureOf(error: unknown): FormFailure {
  const raw = error instanceof ApiError ? error.code : 'INTERNAL';
  const parsed = ErrorCodeSchema.safeParse(raw);
  const code: ErrorCode = parsed.success ? parsed.data : 'INTERNAL';
  if (code === 'VERSION_CONFLICT') return { kind: 'conflict' };
  const field = fieldOfServerError(code);
  return field === null ? { kind: 'form', code } : { kind: 'field', field, code };
}
