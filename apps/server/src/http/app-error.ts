import type { ErrorCode } from '@klik/api';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  INVALID_CREDENTIALS: 403,
  TOO_MANY_ATTEMPTS: 429,
  SSO_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION_FAILED: 400,
  XSRF_MISMATCH: 403,
  INTERNAL: 500,
  SHUTTING_DOWN: 503,
  DC_10: 409,
  DC_11: 409,
  DC_12: 409,
  DC_21: 409,
  DC_22: 409,
  DC_23: 409,
  DC_31: 409,
  DC_34: 403,
  DC_35: 409,
  DC_36: 409,
  ANOTHER_CLICK_IN_PROGRESS: 409,
  QUOTE_EXPIRED: 410,
  QUOTE_USED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  VOLUME_TOO_LOW: 422,
  VOLUME_TOO_HIGH: 422,
  CLICK_LIMIT_REACHED: 409,
  TERMS_NOT_ACCEPTED: 409,
  TERMS_VERSION_OUTDATED: 409,
  SMS_REQUIRED: 409,
  SMS_NO_MOBILE_NUMBER: 409,
  SMS_CODE_INVALID: 422,
  SMS_CODE_EXPIRED: 410,
  SMS_ATTEMPTS_EXCEEDED: 429,
  SMS_NOT_SENT: 503,
  CLICK_NOT_PENDING: 409,
  VERSION_CONFLICT: 409,
  USER_NOT_UNIQUE: 409,
  USERNAME_NOT_UNIQUE: 409,
  CUSTOMER_NAME_NOT_UNIQUE: 409,
  CONSULTANT_NAME_NOT_UNIQUE: 409,
  CANNOT_REMOVE_SELF: 409,
  RIGHTS_EXCEEDED: 403,
  CUSTOMER_INACTIVE: 409,
  PASSWORD_CHANGE_REQUIRED: 403,
  CURRENT_PASSWORD_WRONG: 422,
  PASSWORD_NOT_CHANGED: 422,
  RESET_LINK_INVALID: 410,
  RESET_FAILED: 500,
  NAME_REQUIRED: 400,
  NAME_INVALID: 400,
  USERNAME_REQUIRED: 400,
  USERNAME_INVALID: 400,
  EMAIL_REQUIRED: 400,
  EMAIL_INVALID: 400,
  MOBILE_INVALID: 400,
  PASSWORD_REQUIRED: 400,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_TOO_LONG: 400,
  PASSWORD_TOO_COMMON: 400,
  TERMS_TEXT_REQUIRED: 400,
  PERCENTAGE_REQUIRED: 400,
  PERCENTAGE_INVALID: 400,
};

export function statusForCode(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** An expected failure with a stable code; the error handler turns it into `{code, message}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      retryAfterSeconds?: number;
      messageArgs?: (string | number)[];
      details?: Record<string, string | number | null>;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return statusForCode(this.code);
  }
}
