import { ErrorCodeSchema, type ErrorCode, type Role } from '@klik/api';
import type { MessageKey } from './catalogues';

export function roleMessageKey(role: Role): MessageKey {
  switch (role) {
    case 'admin':
      return 'role.admin';
    case 'accountmanager':
      return 'role.accountmanager';
    case 'consultant':
      return 'role.consultant';
    case 'customer':
      return 'role.customer';
  }
}

export function errorMessageKey(code: ErrorCode): MessageKey {
  switch (code) {
    case 'INVALID_CREDENTIALS':
      return 'error.invalidCredentials';
    case 'TOO_MANY_ATTEMPTS':
      return 'error.tooManyAttempts';
    case 'UNAUTHENTICATED':
      return 'error.unauthenticated';
    case 'FORBIDDEN':
      return 'error.forbidden';
    case 'NOT_FOUND':
      return 'error.notFound';
    case 'VALIDATION_FAILED':
      return 'error.validationFailed';
    case 'XSRF_MISMATCH':
      return 'error.xsrfMismatch';
    case 'INTERNAL':
      return 'error.internal';
  }
}

/** Server codes arrive as strings; an unknown one reads as an internal error. */
export function errorMessageKeyFor(code: string): MessageKey {
  const parsed = ErrorCodeSchema.safeParse(code);
  return errorMessageKey(parsed.success ? parsed.data : 'INTERNAL');
}
