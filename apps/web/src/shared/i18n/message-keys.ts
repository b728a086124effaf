import { ApiError, ErrorCodeSchema, type ErrorCode, type Role } from '@klik/api';
import { disableClickReasonKey, type MessageKey } from './catalogues';

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
    case 'SSO_FAILED':
      return 'error.ssoFailed';
    case 'SSO_STATE_INVALID':
      return 'error.ssoStateInvalid';
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
    case 'SHUTTING_DOWN':
      return 'error.shuttingDown';
    case 'DATABASE_UNAVAILABLE':
      return 'error.databaseUnavailable';
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
      return disableClickReasonKey(code);
    case 'ANOTHER_CLICK_IN_PROGRESS':
      return 'error.anotherClickInProgress';
    case 'QUOTE_EXPIRED':
      return 'error.quoteExpired';
    case 'QUOTE_USED':
      return 'error.quoteUsed';
    case 'IDEMPOTENCY_KEY_REUSED':
      return 'error.idempotencyKeyReused';
    case 'VOLUME_TOO_LOW':
      return 'error.volumeTooLow';
    case 'VOLUME_TOO_HIGH':
      return 'error.volumeTooHigh';
    case 'CLICK_LIMIT_REACHED':
      return 'error.clickLimitReached';
    case 'TERMS_NOT_ACCEPTED':
      return 'error.termsNotAccepted';
    case 'TERMS_VERSION_OUTDATED':
      return 'error.termsVersionOutdated';
    case 'SMS_REQUIRED':
      return 'error.smsRequired';
    case 'SMS_NO_MOBILE_NUMBER':
      return 'error.smsNoMobileNumber';
    case 'SMS_CODE_INVALID':
      return 'error.smsCodeInvalid';
    case 'SMS_CODE_EXPIRED':
      return 'error.smsCodeExpired';
    case 'SMS_ATTEMPTS_EXCEEDED':
      return 'error.smsAttemptsExceeded';
    case 'SMS_NOT_SENT':
      return 'error.smsNotSent';
    case 'CLICK_NOT_PENDING':
      return 'error.clickNotPending';
    case 'CLICK_NOT_COMPLETED':
      return 'error.clickNotCompleted';
    case 'VERSION_CONFLICT':
      return 'error.versionConflict';
    case 'USER_NOT_UNIQUE':
      return 'error.userNotUnique';
    case 'USERNAME_NOT_UNIQUE':
      return 'error.usernameNotUnique';
    case 'CUSTOMER_NAME_NOT_UNIQUE':
      return 'error.customerNameNotUnique';
    case 'CONSULTANT_NAME_NOT_UNIQUE':
      return 'error.consultantNameNotUnique';
    case 'CANNOT_REMOVE_SELF':
      return 'error.cannotRemoveSelf';
    case 'RIGHTS_EXCEEDED':
      return 'error.rightsExceeded';
    case 'CUSTOMER_INACTIVE':
      return 'error.customerInactive';
    case 'PASSWORD_CHANGE_REQUIRED':
      return 'error.passwordChangeRequired';
    case 'CURRENT_PASSWORD_WRONG':
      return 'error.currentPasswordWrong';
    case 'PASSWORD_NOT_CHANGED':
      return 'error.passwordNotChanged';
    case 'RESET_LINK_INVALID':
      return 'error.resetLinkInvalid';
    case 'RESET_FAILED':
      return 'error.resetFailed';
    case 'SECOND_FACTOR_REQUIRED':
      return 'error.secondFactorRequired';
    case 'SECOND_FACTOR_INVALID':
      return 'error.secondFactorInvalid';
    case 'SECOND_FACTOR_SETUP_REQUIRED':
      return 'error.secondFactorSetupRequired';
    case 'SECOND_FACTOR_UNAVAILABLE':
      return 'error.secondFactorUnavailable';
    case 'CONTRACT_ID_NOT_UNIQUE':
      return 'error.contractIdNotUnique';
    case 'CONTRACT_HAS_CLICKS':
      return 'error.contractHasClicks';
    case 'YEAR_HAS_CLICKS':
      return 'error.yearHasClicks';
    case 'VOLUME_BELOW_CLICKED':
      return 'error.volumeBelowClicked';
    case 'CONTRACT_CHANGED':
      return 'error.contractChanged';
    case 'STANDING_ORDER_NOT_ACTIVE':
      return 'error.standingOrderNotActive';
    case 'NAME_REQUIRED':
      return 'error.nameRequired';
    case 'NAME_INVALID':
      return 'error.nameInvalid';
    case 'USERNAME_REQUIRED':
      return 'error.usernameRequired';
    case 'USERNAME_INVALID':
      return 'error.usernameInvalid';
    case 'EMAIL_REQUIRED':
      return 'error.emailRequired';
    case 'EMAIL_INVALID':
      return 'error.emailInvalid';
    case 'MOBILE_INVALID':
      return 'error.mobileInvalid';
    case 'PASSWORD_REQUIRED':
      return 'error.passwordRequired';
    case 'PASSWORD_TOO_SHORT':
      return 'error.passwordTooShort';
    case 'PASSWORD_TOO_LONG':
      return 'error.passwordTooLong';
    case 'PASSWORD_TOO_COMMON':
      return 'error.passwordTooCommon';
    case 'TERMS_TEXT_REQUIRED':
      return 'error.termsTextRequired';
    case 'PERCENTAGE_REQUIRED':
      return 'error.percentageRequired';
    case 'PERCENTAGE_INVALID':
      return 'error.percentageInvalid';
    case 'CONTRACT_ID_REQUIRED':
      return 'error.contractIdRequired';
    case 'CONTRACT_ID_INVALID':
      return 'error.contractIdInvalid';
    case 'PRODUCT_REQUIRED':
      return 'error.productRequired';
    case 'PRODUCT_INVALID':
      return 'error.productInvalid';
    case 'VOLUME_REQUIRED':
      return 'error.volumeRequired';
    case 'VOLUME_INVALID':
      return 'error.volumeInvalid';
    case 'PRICE_REQUIRED':
      return 'error.priceRequired';
    case 'PRICE_INVALID':
      return 'error.priceInvalid';
    case 'AMOUNT_REQUIRED':
      return 'error.amountRequired';
    case 'AMOUNT_INVALID':
      return 'error.amountInvalid';
    case 'PROFILE_SUM_INVALID':
      return 'error.profileSumInvalid';
    case 'CLICK_SHARE_RANGE_INVALID':
      return 'error.clickShareRangeInvalid';
    case 'DEADLINE_DAYS_INVALID':
      return 'error.deadlineDaysInvalid';
    case 'YEARS_REQUIRED':
      return 'error.yearsRequired';
    case 'YEAR_DUPLICATE':
      return 'error.yearDuplicate';
    case 'PARTS_INVALID':
      return 'error.partsInvalid';
    case 'BUDGET_PRICE_INVALID':
      return 'error.budgetPriceInvalid';
    case 'BUDGET_BOUNDS_INVALID':
      return 'error.budgetBoundsInvalid';
    case 'HEDGE_POINTS_INVALID':
      return 'error.hedgePointsInvalid';
    case 'HEDGE_SHARES_INVALID':
      return 'error.hedgeSharesInvalid';
    case 'VALID_UNTIL_INVALID':
      return 'error.validUntilInvalid';
    case 'CONTRACT_REQUIRED':
      return 'error.contractRequired';
    case 'PART_REQUIRED':
      return 'error.partRequired';
    case 'YEAR_REQUIRED':
      return 'error.yearRequired';
    case 'PERIOD_REQUIRED':
      return 'error.periodRequired';
    case 'MARKET_REQUIRED':
      return 'error.marketRequired';
    case 'DIRECTION_REQUIRED':
      return 'error.directionRequired';
    case 'ALERT_PRICE_INVALID':
      return 'error.alertPriceInvalid';
    case 'RECIPIENT_REQUIRED':
      return 'error.recipientRequired';
    case 'RECIPIENT_INVALID':
      return 'error.recipientInvalid';
    case 'EXPIRY_REQUIRED':
      return 'error.expiryRequired';
    case 'EXPIRY_INVALID':
      return 'error.expiryInvalid';
  }
}

/** Server codes arrive as strings; an unknown one reads as an internal error. */
export function errorMessageKeyFor(code: string): MessageKey {
  const parsed = ErrorCodeSchema.safeParse(code);
  return errorMessageKey(parsed.success ? parsed.data : 'INTERNAL');
}

/** What failed a call: the server's code, or an internal error for anything else. */
export function failureMessageKey(error: unknown): MessageKey {
  return errorMessageKeyFor(error instanceof ApiError ? error.code : 'INTERNAL');
}
