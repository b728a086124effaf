import { z } from 'zod';
import { IdSchema, TextSchema } from './bounded.schemas';
import { ErrorBodySchema } from './errors';
import { LocaleSchema } from './locale.schemas';
import {
  LOGIN_PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  USERNAME_MAX_LENGTH,
} from './auth.rules';

export {
  LOGIN_PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  USERNAME_MAX_LENGTH,
  isStaffRole,
  isCustomerSideRole,
  type Role,
} from './auth.rules';

export const RoleSchema = z.enum(ROLES);

/** Paths of signing in and out, passwords and the session's language (spec section 7). */
export const AUTH_PATHS = {
  login: '/rest/authentication/login',
  loginAs: '/rest/authentication/loginAs',
  logout: '/rest/authentication/logout',
  liftLoginThrottle: '/rest/authentication/admin/liftLoginThrottle',
  /** The signed-in user changes their password (also the one an administrator set). */
  changePassword: '/rest/authentication/changePassword',
  setLocale: '/rest/authentication/admin/setLocale/:locale',
} as const;

/**
 * A password being set (initial or changed): 8 to 20 characters, since sign-in takes at most 20.
 * Its refusals name their field codes (PASSWORD_REQUIRED, PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG).
 */
export const NewPasswordSchema = z
  .string({ error: 'PASSWORD_REQUIRED' })
  .min(1, { error: 'PASSWORD_REQUIRED' })
  .min(PASSWORD_MIN_LENGTH, { error: 'PASSWORD_TOO_SHORT' })
  .max(LOGIN_PASSWORD_MAX_LENGTH, { error: 'PASSWORD_TOO_LONG' })
  .pipe(TextSchema(LOGIN_PASSWORD_MAX_LENGTH));

export const UsernameSchema = TextSchema(USERNAME_MAX_LENGTH).trim().min(1);

/** A session token as the client holds it (login answers it; logout and the websocket take it). */
export const SessionTokenSchema = TextSchema(200).trim().min(1);

export const LoginBodySchema = z.object({
  username: UsernameSchema,
  password: TextSchema(LOGIN_PASSWORD_MAX_LENGTH).min(1),
  /**
   * The authenticator code, for an administrator or account manager while ADMIN_SECOND_FACTOR is
   * required (docs/security.md); without it the right password answers SECOND_FACTOR_REQUIRED.
   */
  totpCode: TextSchema(12).trim().optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** loginAs takes the username as the raw body (spec section 7). */
export const LoginAsBodySchema = UsernameSchema;
/** logout takes the token as the raw body (spec section 7). */
export const LogoutBodySchema = SessionTokenSchema;

export const DashboardSchema = z.object({
  id: IdSchema,
  name: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const CustomerSchema = z.object({
  id: IdSchema,
  name: z.string(),
  dashboards: z.array(DashboardSchema),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** What login, loginOAuth2 and loginAs answer (spec section 3). lastRefresh is set client-side. */
export const UserSessionSchema = z.object({
  token: z.string(),
  username: z.string(),
  role: RoleSchema,
  name: z.string(),
  locale: LocaleSchema,
  readOnly: z.boolean(),
  allowTPIPage: z.boolean(),
  allowedCustomers: z.array(CustomerSchema),
  /** Set when an admin or account manager signed in as this user. */
  impersonatedBy: z.string().nullable(),
  /**
   * The password is an initial one an administrator set: the web sends the user to change it
   * (POST changePassword) before anything else; every other call answers PASSWORD_CHANGE_REQUIRED
   * until then. Absent means false.
   */
  mustChangePassword: z
    .boolean()
    .optional()
    .meta({
      description:
        'true: the password is an initial one. Until POST /rest/authentication/changePassword ' +
        'succeeds with this token, every other call but setLocale and logout answers 428 ' +
        'PASSWORD_CHANGE_REQUIRED. Absent means false.',
    }),
  /**
   * A customer user who manages their own company's users (editusers, addviewonlyuser; the
   * userManager of docs/permissions.md). Absent means false.
   */
  manageUsers: z.boolean().optional(),
  /**
   * An administrator signed in without the authenticator app they are required to use: the web
   * sends them to myinfo to set it up; every other call answers SECOND_FACTOR_SETUP_REQUIRED until
   * then. Absent means false.
   */
  secondFactorSetupRequired: z.boolean().optional(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;

/** POST changePassword: the signed-in user replaces their password. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: TextSchema(LOGIN_PASSWORD_MAX_LENGTH).min(1, { error: 'PASSWORD_REQUIRED' }),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/**
 * HTTP status of PASSWORD_CHANGE_REQUIRED: 428 Precondition Required, so a client tells "change
 * the initial password first" from a refused right (403) by the status alone (docs/security.md).
 */
export const PASSWORD_CHANGE_REQUIRED_STATUS = 428;

/** The answer of every call a session with an initial password may not make yet. */
export const PasswordChangeRequiredSchema = ErrorBodySchema.extend({
  code: z.literal('PASSWORD_CHANGE_REQUIRED'),
}).meta({
  description:
    'The session signed in with an initial password (its mustChangePassword is true). The way ' +
    'out: POST /rest/authentication/changePassword { currentPassword, newPassword } with the same ' +
    'token (204); the session is then served as usual.',
});

/** The answer of a sign-in with a wrong username or password (spec section 8: 403). */
export const InvalidCredentialsSchema = ErrorBodySchema.meta({
  description:
    "code INVALID_CREDENTIALS: wrong username or password ('Invalid username and password').",
});
