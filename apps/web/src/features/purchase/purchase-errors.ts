import { ApiError, ErrorCodeSchema, type ErrorCode } from '@klik/api';
import { disableClickReasonKey, type MessageKey } from '../../shared/i18n/catalogues';

export interface ErrorText {
  key: MessageKey;
  values?: Record<string, string | number>;
}

/** What the screen knows that makes a message precise. */
export interface ErrorFacts {
  /** SMS attempts left after this refusal. */
  smsAttemptsLeft?: number;
}

/**
 * The message for a refused purchase call. Every code of the contract has its own case, so a new
 * code does not compile until it has a message (DC_ codes take the domain's reason texts).
 */
export function purchaseErrorText(code: ErrorCode, facts: ErrorFacts = {}): ErrorText {
  switch (code) {
    case 'DC_10':
    case 'DC_11':
    case 'DC_12':
    case 'DC_21':
    case 'DC_22':
    case 'DC_23':
    case 'DC_31':
    case 'DC_34':
    case 'DC_35':
    case 'DC_36':
      return { key: disableClickReasonKey(code) };
    case 'ANOTHER_CLICK_IN_PROGRESS':
      return { key: 'error.anotherClickInProgress' };
    case 'QUOTE_EXPIRED':
      return { key: 'purchase.expired.title' };
    case 'QUOTE_USED':
      return { key: 'error.quoteUsed' };
    case 'IDEMPOTENCY_KEY_REUSED':
      return { key: 'error.idempotencyKeyReused' };
    case 'VOLUME_TOO_LOW':
      return { key: 'error.volumeTooLow' };
    case 'VOLUME_TOO_HIGH':
      return { key: 'error.volumeTooHigh' };
    case 'CLICK_LIMIT_REACHED':
      return { key: 'error.clickLimitReached' };
    case 'TERMS_NOT_ACCEPTED':
      return { key: 'error.termsNotAccepted' };
    case 'TERMS_VERSION_OUTDATED':
      return { key: 'error.termsVersionOutdated' };
    case 'SMS_REQUIRED':
      return { key: 'error.smsRequired' };
    case 'SMS_NO_MOBILE_NUMBER':
      return { key: 'error.smsNoMobileNumber' };
    case 'SMS_CODE_INVALID':
      return facts.smsAttemptsLeft === undefined
        ? { key: 'error.smsCodeInvalid' }
        : { key: 'purchase.sms.invalidWithAttempts', values: { count: facts.smsAttemptsLeft } };
    case 'SMS_CODE_EXPIRED':
      return { key: 'error.smsCodeExpired' };
    case 'SMS_ATTEMPTS_EXCEEDED':
      return { key: 'error.smsAttemptsExceeded' };
    case 'SMS_NOT_SENT':
      return { key: 'error.smsNotSent' };
    case 'CLICK_NOT_PENDING':
      return { key: 'error.clickNotPending' };
    case 'CLICK_NOT_COMPLETED':
      return { key: 'error.clickNotCompleted' };
    case 'INVALID_CREDENTIALS':
      return { key: 'error.invalidCredentials' };
    case 'TOO_MANY_ATTEMPTS':
      return { key: 'error.tooManyAttempts' };
    case 'SSO_FAILED':
      return { key: 'error.ssoFailed' };
    case 'SSO_STATE_INVALID':
      return { key: 'error.ssoStateInvalid' };
    case 'UNAUTHENTICATED':
      return { key: 'error.unauthenticated' };
    case 'FORBIDDEN':
      return { key: 'error.forbidden' };
    case 'NOT_FOUND':
      return { key: 'error.notFound' };
    case 'VALIDATION_FAILED':
      return { key: 'error.validationFailed' };
    case 'XSRF_MISMATCH':
      return { key: 'error.xsrfMismatch' };
    case 'INTERNAL':
      return { key: 'error.internal' };
    case 'SHUTTING_DOWN':
      return { key: 'error.shuttingDown' };
    case 'DATABASE_UNAVAILABLE':
      return { key: 'error.databaseUnavailable' };
    case 'VERSION_CONFLICT':
      return { key: 'error.versionConflict' };
    case 'USER_NOT_UNIQUE':
      return { key: 'error.userNotUnique' };
    case 'USERNAME_NOT_UNIQUE':
      return { key: 'error.usernameNotUnique' };
    case 'CUSTOMER_NAME_NOT_UNIQUE':
      return { key: 'error.customerNameNotUnique' };
    case 'CONSULTANT_NAME_NOT_UNIQUE':
      return { key: 'error.consultantNameNotUnique' };
    case 'CANNOT_REMOVE_SELF':
      return { key: 'error.cannotRemoveSelf' };
    case 'RIGHTS_EXCEEDED':
      return { key: 'error.rightsExceeded' };
    case 'CUSTOMER_INACTIVE':
      return { key: 'error.customerInactive' };
    case 'PASSWORD_CHANGE_REQUIRED':
      return { key: 'error.passwordChangeRequired' };
    case 'CURRENT_PASSWORD_WRONG':
      return { key: 'error.currentPasswordWrong' };
    case 'PASSWORD_NOT_CHANGED':
      return { key: 'error.passwordNotChanged' };
    case 'RESET_LINK_INVALID':
      return { key: 'error.resetLinkInvalid' };
    case 'RESET_FAILED':
      return { key: 'error.resetFailed' };
    case 'SECOND_FACTOR_REQUIRED':
      return { key: 'error.secondFactorRequired' };
    case 'SECOND_FACTOR_INVALID':
      return { key: 'error.secondFactorInvalid' };
    case 'SECOND_FACTOR_SETUP_REQUIRED':
      return { key: 'error.secondFactorSetupRequired' };
    case 'SECOND_FACTOR_UNAVAILABLE':
      return { key: 'error.secondFactorUnavailable' };
    case 'CONTRACT_ID_NOT_UNIQUE':
      return { key: 'error.contractIdNotUnique' };
    case 'CONTRACT_HAS_CLICKS':
      return { key: 'error.contractHasClicks' };
    case 'YEAR_HAS_CLICKS':
      return { key: 'error.yearHasClicks' };
    case 'VOLUME_BELOW_CLICKED':
      return { key: 'error.volumeBelowClicked' };
    case 'CONTRACT_CHANGED':
      return { key: 'error.contractChanged' };
    case 'STANDING_ORDER_NOT_ACTIVE':
      return { key: 'error.standingOrderNotActive' };
    case 'SCOPE_NOT_GRANTED':
      return { key: 'error.scopeNotGranted' };
    case 'IP_NOT_ALLOWED':
      return { key: 'error.ipNotAllowed' };
    case 'RATE_LIMITED':
      return { key: 'error.rateLimited' };
    case 'API_CLIENT_NOT_ACTIVE':
      return { key: 'error.apiClientNotActive' };
    case 'SCOPES_REQUIRED':
      return { key: 'error.scopesRequired' };
    case 'IP_ALLOW_LIST_INVALID':
      return { key: 'error.ipAllowListInvalid' };
    case 'CLIENT_EXPIRY_INVALID':
      return { key: 'error.clientExpiryInvalid' };
    case 'NAME_REQUIRED':
      return { key: 'error.nameRequired' };
    case 'NAME_INVALID':
      return { key: 'error.nameInvalid' };
    case 'USERNAME_REQUIRED':
      return { key: 'error.usernameRequired' };
    case 'USERNAME_INVALID':
      return { key: 'error.usernameInvalid' };
    case 'EMAIL_REQUIRED':
      return { key: 'error.emailRequired' };
    case 'EMAIL_INVALID':
      return { key: 'error.emailInvalid' };
    case 'MOBILE_INVALID':
      return { key: 'error.mobileInvalid' };
    case 'PASSWORD_REQUIRED':
      return { key: 'error.passwordRequired' };
    case 'PASSWORD_TOO_SHORT':
      return { key: 'error.passwordTooShort' };
    case 'PASSWORD_TOO_LONG':
      return { key: 'error.passwordTooLong' };
    case 'PASSWORD_TOO_COMMON':
      return { key: 'error.passwordTooCommon' };
    case 'TERMS_TEXT_REQUIRED':
      return { key: 'error.termsTextRequired' };
    case 'PERCENTAGE_REQUIRED':
      return { key: 'error.percentageRequired' };
    case 'PERCENTAGE_INVALID':
      return { key: 'error.percentageInvalid' };
    case 'CONTRACT_ID_REQUIRED':
      return { key: 'error.contractIdRequired' };
    case 'CONTRACT_ID_INVALID':
      return { key: 'error.contractIdInvalid' };
    case 'PRODUCT_REQUIRED':
      return { key: 'error.productRequired' };
    case 'PRODUCT_INVALID':
      return { key: 'error.productInvalid' };
    case 'VOLUME_REQUIRED':
      return { key: 'error.volumeRequired' };
    case 'VOLUME_INVALID':
      return { key: 'error.volumeInvalid' };
    case 'PRICE_REQUIRED':
      return { key: 'error.priceRequired' };
    case 'PRICE_INVALID':
      return { key: 'error.priceInvalid' };
    case 'AMOUNT_REQUIRED':
      return { key: 'error.amountRequired' };
    case 'AMOUNT_INVALID':
      return { key: 'error.amountInvalid' };
    case 'PROFILE_SUM_INVALID':
      return { key: 'error.profileSumInvalid' };
    case 'CLICK_SHARE_RANGE_INVALID':
      return { key: 'error.clickShareRangeInvalid' };
    case 'DEADLINE_DAYS_INVALID':
      return { key: 'error.deadlineDaysInvalid' };
    case 'YEARS_REQUIRED':
      return { key: 'error.yearsRequired' };
    case 'YEAR_DUPLICATE':
      return { key: 'error.yearDuplicate' };
    case 'PARTS_INVALID':
      return { key: 'error.partsInvalid' };
    case 'BUDGET_PRICE_INVALID':
      return { key: 'error.budgetPriceInvalid' };
    case 'BUDGET_BOUNDS_INVALID':
      return { key: 'error.budgetBoundsInvalid' };
    case 'HEDGE_POINTS_INVALID':
      return { key: 'error.hedgePointsInvalid' };
    case 'HEDGE_SHARES_INVALID':
      return { key: 'error.hedgeSharesInvalid' };
    case 'VALID_UNTIL_INVALID':
      return { key: 'error.validUntilInvalid' };
    case 'CONTRACT_REQUIRED':
      return { key: 'error.contractRequired' };
    case 'PART_REQUIRED':
      return { key: 'error.partRequired' };
    case 'YEAR_REQUIRED':
      return { key: 'error.yearRequired' };
    case 'PERIOD_REQUIRED':
      return { key: 'error.periodRequired' };
    case 'MARKET_REQUIRED':
      return { key: 'error.marketRequired' };
    case 'DIRECTION_REQUIRED':
      return { key: 'error.directionRequired' };
    case 'ALERT_PRICE_INVALID':
      return { key: 'error.alertPriceInvalid' };
    case 'RECIPIENT_REQUIRED':
      return { key: 'error.recipientRequired' };
    case 'RECIPIENT_INVALID':
      return { key: 'error.recipientInvalid' };
    case 'EXPIRY_REQUIRED':
      return { key: 'error.expiryRequired' };
    case 'EXPIRY_INVALID':
      return { key: 'error.expiryInvalid' };
  }
}

/** The stable code of a failed call; a network failure or an unknown code reads as INTERNAL. */
export function errorCodeOf(error: unknown): ErrorCode {
  if (!(error instanceof ApiError)) return 'INTERNAL';
  const parsed = ErrorCodeSchema.safeParse(error.code);
  return parsed.success ? parsed.data : 'INTERNAL';
}

/** True when the request may not have reached the server: a retry must reuse the same key. */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError);
}

/**
 * True when the click may or may not have been made: the request was lost on the way, or the
 * database went away while it was confirmed (DATABASE_UNAVAILABLE). A retry with the same key
 * answers which (docs/operations.md).
 */
export function isOutcomeUnknown(error: unknown): boolean {
  return isNetworkFailure(error) || errorCodeOf(error) === 'DATABASE_UNAVAILABLE';
}
