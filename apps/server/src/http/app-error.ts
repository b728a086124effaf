import type { ErrorCode } from '@klik/api';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  INVALID_CREDENTIALS: 403,
  TOO_MANY_ATTEMPTS: 429,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION_FAILED: 400,
  XSRF_MISMATCH: 403,
  INTERNAL: 500,
};

export function statusForCode(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** An expected failure with a stable code; the error handler turns it into `{code, message}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: { retryAfterSeconds?: number; messageArgs?: (string | number)[] } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return statusForCode(this.code);
  }
}
