import { z } from 'zod';
import { MobileSchema } from './admin-users.schemas';
import { RoleSchema } from './auth.schemas';
import { IdParamSchema, TextSchema } from './bounded.schemas';
import { LocaleSchema } from './locale.schemas';
import { DeliveryChannelSchema, NotificationKindSchema } from './notifications.schemas';

/*
 * myinfo: the signed-in user's own account, their sessions and their mobile number for SMS codes.
 * Every call works on the caller's own account only (docs/account.md).
 */

export const ACCOUNT_PATHS = {
  account: '/rest/account',
  sessions: '/rest/account/sessions',
  session: '/rest/account/sessions/:sessionId',
  mobile: '/rest/account/mobile',
  mobileVerification: '/rest/account/mobile/verification',
  totp: '/rest/account/totp',
  totpVerification: '/rest/account/totp/verification',
  notificationPreferences: '/rest/account/notification-preferences',
} as const;

/** The authenticator app (TOTP): none, set up but not yet confirmed with a code, or in use. */
export const TotpStatusSchema = z.enum(['off', 'pending', 'on']);
export type TotpStatus = z.infer<typeof TotpStatusSchema>;

/** How long a code for a new mobile number holds, and how many wrong tries it takes. */
export const MOBILE_CODE_MINUTES = 10;
export const MOBILE_CODE_MAX_ATTEMPTS = 5;
/** The least time between two codes sent for a user, so the number cannot be flooded. */
export const MOBILE_CODE_RESEND_SECONDS = 60;

export const AccountSchema = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: RoleSchema,
  locale: LocaleSchema,
  /** The verified number SMS codes go to (E.164), if any. */
  mobile: z.string().nullable(),
  /** A number waiting for its code, and until when the code holds. */
  pendingMobile: z
    .object({ mobile: z.string(), expiresAt: z.iso.datetime(), resendAt: z.iso.datetime() })
    .nullable(),
  /**
   * Whether the mobile number and the authenticator app may be changed in this session (not
   * while signed in as someone: the codes are the user's).
   */
  mayChangeMobile: z.boolean(),
  totp: TotpStatusSchema,
});
export type Account = z.infer<typeof AccountSchema>;

/** One of the user's open sessions. */
export const OwnSessionSchema = z.object({
  id: z.number().int(),
  /** The session this request came with. */
  current: z.boolean(),
  /** Browser and operating system as the user agent names them, e.g. "Chrome on Windows". */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  /** An administrator or account manager signed in as this user (login-as). */
  impersonatedBy: z.string().nullable(),
});
export type OwnSession = z.infer<typeof OwnSessionSchema>;

export const OwnSessionsSchema = z.object({ data: z.array(OwnSessionSchema) });
export type OwnSessions = z.infer<typeof OwnSessionsSchema>;

export const OwnSessionParamsSchema = z.object({ sessionId: IdParamSchema });

/** PUT mobile: send a code to this number; it replaces the current one once the code is given. */
export const MobileChangeBodySchema = z.object({
  mobile: MobileSchema.unwrap(),
});
export type MobileChangeBody = z.infer<typeof MobileChangeBodySchema>;

/** POST mobile/verification: the code the SMS brought. */
export const MobileVerificationBodySchema = z.object({
  code: TextSchema(12)
    .trim()
    .regex(/^\d{6}$/, { error: 'SMS_CODE_INVALID' }),
});
export type MobileVerificationBody = z.infer<typeof MobileVerificationBodySchema>;

/** POST totp: a new secret for the app, answered this once (docs/account.md). */
export const TotpEnrolmentSchema = z.object({
  /** otpauth://totp/Klik:<username>?secret=…&issuer=Klik (6 digits, 30 seconds). */
  uri: z.string(),
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The URI as a QR code: an SVG data URL. */
  qrCode: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/** POST totp/verification and DELETE totp: the app's current code. */
export const TotpCodeBodySchema = z.object({
  code: TextSchema(12)
    .trim()
    .regex(/^\d{6}$/, { error: 'SECOND_FACTOR_INVALID' }),
});
export type TotpCodeBody = z.infer<typeof TotpCodeBodySchema>;

/**
 * GET notification-preferences: for every notification kind, whether the user hears of it in the
 * portal only or by e-mail as well; a kind the user never chose follows DEFAULT_DELIVERY.
 */
export const NotificationPreferencesSchema = z.object({
  preferences: z.record(NotificationKindSchema, DeliveryChannelSchema),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** PUT notification-preferences: the kinds to change; the others stay as they are. */
export const NotificationPreferencesBodySchema = z.object({
  preferences: z.partialRecord(NotificationKindSchema, DeliveryChannelSchema),
});
export type NotificationPreferencesBody = z.infer<typeof NotificationPreferencesBodySchema>;
