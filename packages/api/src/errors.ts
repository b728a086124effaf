import { z } from 'zod';

/**
 * Codes for one field of a request that failed its schema (spec section 5's messages). A request
 * schema names them as its zod error messages; the server answers the first one found, with 400
 * and details.field, and the web form shows the same text beside that field.
 */
export const FIELD_ERROR_CODES = [
  'NAME_REQUIRED',
  'NAME_INVALID',
  'USERNAME_REQUIRED',
  'USERNAME_INVALID',
  'EMAIL_REQUIRED',
  'EMAIL_INVALID',
  'MOBILE_INVALID',
  'PASSWORD_REQUIRED',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  // The new password is one of the most common ones (docs/security.md).
  'PASSWORD_TOO_COMMON',
  'TERMS_TEXT_REQUIRED',
  'PERCENTAGE_REQUIRED',
  'PERCENTAGE_INVALID',
  'CONTRACT_ID_REQUIRED',
  'CONTRACT_ID_INVALID',
  'PRODUCT_REQUIRED',
  'PRODUCT_INVALID',
  'VOLUME_REQUIRED',
  'VOLUME_INVALID',
  'PRICE_REQUIRED',
  'PRICE_INVALID',
  'AMOUNT_REQUIRED',
  'AMOUNT_INVALID',
  'PROFILE_SUM_INVALID',
  'CLICK_SHARE_RANGE_INVALID',
  'DEADLINE_DAYS_INVALID',
  'YEARS_REQUIRED',
  'YEAR_DUPLICATE',
  'PARTS_INVALID',
  // A standing order's last day (docs/standing-orders.md).
  'VALID_UNTIL_INVALID',
  // Price alerts (docs/price-alerts.md).
  'CONTRACT_REQUIRED',
  'PART_REQUIRED',
  'YEAR_REQUIRED',
  'PERIOD_REQUIRED',
  'MARKET_REQUIRED',
  'DIRECTION_REQUIRED',
  'ALERT_PRICE_INVALID',
  'RECIPIENT_REQUIRED',
  'RECIPIENT_INVALID',
  'EXPIRY_REQUIRED',
  'EXPIRY_INVALID',
  // The plan (docs/budgets.md): a budget price and bounds above 0, lower <= budget <= upper; a
  // hedge policy's points (1 to 24, dates increasing) and shares (max >= min, min not falling).
  'BUDGET_PRICE_INVALID',
  'BUDGET_BOUNDS_INVALID',
  'HEDGE_POINTS_INVALID',
  'HEDGE_SHARES_INVALID',
  // An API client (docs/integrations.md): at least one known scope, each once; addresses or
  // CIDR ranges; an expiry in the future.
  'SCOPES_REQUIRED',
  'IP_ALLOW_LIST_INVALID',
  'CLIENT_EXPIRY_INVALID',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export function isFieldErrorCode(value: string): value is FieldErrorCode {
  return (FIELD_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Stable error codes the server answers with. The web maps every code to a catalogue message
 * in an exhaustive switch, so adding a code here forces a translation.
 */
export const ERROR_CODES = [
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  // Single sign-on came back with a wrong, spent or expired state, nonce or code (docs/security.md).
  'SSO_FAILED',
  // Single sign-on came back without the sign-in this browser started here: another window,
  // browser or address (localhost or 127.0.0.1), a spent state, or more than 10 minutes.
  'SSO_STATE_INVALID',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'XSRF_MISMATCH',
  'INTERNAL',
  // This instance is shutting down; the request may be sent again (to another instance).
  'SHUTTING_DOWN',
  // The database cannot be reached now (stopped, restarting, the network cut); nothing of the
  // request was kept unless its answer says so later: send it again, a click with the same
  // idempotency key, to learn the outcome (docs/operations.md).
  'DATABASE_UNAVAILABLE',
  // The click (docs/purchase.md). DC_ codes: the position cannot be clicked, for that reason.
  'DC_10',
  'DC_11',
  'DC_12',
  'DC_21',
  'DC_22',
  'DC_23',
  'DC_31',
  'DC_34',
  'DC_35',
  'DC_36',
  'ANOTHER_CLICK_IN_PROGRESS',
  'QUOTE_EXPIRED',
  'QUOTE_USED',
  'IDEMPOTENCY_KEY_REUSED',
  'VOLUME_TOO_LOW',
  'VOLUME_TOO_HIGH',
  'CLICK_LIMIT_REACHED',
  'TERMS_NOT_ACCEPTED',
  'TERMS_VERSION_OUTDATED',
  'SMS_REQUIRED',
  'SMS_NO_MOBILE_NUMBER',
  'SMS_CODE_INVALID',
  'SMS_CODE_EXPIRED',
  'SMS_ATTEMPTS_EXCEEDED',
  // The SMS provider did not take the message; nothing was changed, the user may try again.
  'SMS_NOT_SENT',
  'CLICK_NOT_PENDING',
  // A confirmation was asked for a click that has not completed (docs/notifications.md).
  'CLICK_NOT_COMPLETED',
  // Administration (docs/administration.md).
  'VERSION_CONFLICT',
  'USER_NOT_UNIQUE',
  'USERNAME_NOT_UNIQUE',
  'CUSTOMER_NAME_NOT_UNIQUE',
  'CONSULTANT_NAME_NOT_UNIQUE',
  'CANNOT_REMOVE_SELF',
  'RIGHTS_EXCEEDED',
  'CUSTOMER_INACTIVE',
  'PASSWORD_CHANGE_REQUIRED',
  'CURRENT_PASSWORD_WRONG',
  'PASSWORD_NOT_CHANGED',
  // Reset and invitation links (docs/security.md): used, expired or unknown; anything else.
  'RESET_LINK_INVALID',
  'RESET_FAILED',
  // Second factor (docs/security.md, docs/account.md): sign-in needs the authenticator code; the
  // code is wrong or used; an administrator must set up the app first; the app cannot be used
  // here (none set up, already on, or the customer does not allow it).
  'SECOND_FACTOR_REQUIRED',
  'SECOND_FACTOR_INVALID',
  'SECOND_FACTOR_SETUP_REQUIRED',
  'SECOND_FACTOR_UNAVAILABLE',
  // Contracts (docs/contracts.md): a change refused because of clicks, or a quote whose contract
  // changed since it was made.
  'CONTRACT_ID_NOT_UNIQUE',
  'CONTRACT_HAS_CLICKS',
  'YEAR_HAS_CLICKS',
  'VOLUME_BELOW_CLICKED',
  'CONTRACT_CHANGED',
  // A standing order that has executed, lapsed or been cancelled (docs/standing-orders.md).
  'STANDING_ORDER_NOT_ACTIVE',
  // The machine API (docs/integrations.md): the access token lacks the call's scope; the call
  // comes from outside the client's IP allow-list; the client sent too many requests; a rotation
  // of a client that is revoked or expired.
  'SCOPE_NOT_GRANTED',
  'IP_NOT_ALLOWED',
  'RATE_LIMITED',
  'API_CLIENT_NOT_ACTIVE',
  // A field of a form (spec section 5): answered 400 with details.field naming it.
  ...FIELD_ERROR_CODES,
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * The spec's own message key (section 8) of the codes that have one. Klik's codes are upper case
 * and more precise; an error answer carries the spec's key as `key` beside `code`, so a client
 * written from the spec finds the key it knows (docs/operations.md "Error answers").
 */
export const SPEC_ERROR_KEYS: Readonly<Partial<Record<ErrorCode, string>>> = {
  USER_NOT_UNIQUE: 'user_not_unique',
};

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  /** The spec's message key for this code, where the spec names one (SPEC_ERROR_KEYS). */
  key: z.string().optional(),
  /** Seconds until a refused request may be tried again (429). */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  /** Facts the message is about, e.g. the allowed volume range of VOLUME_TOO_LOW. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
