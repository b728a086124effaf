import { z } from 'zod';
import { IdSchema, TextSchema } from './bounded.schemas';
import { LocaleSchema } from './locale.schemas';

export const ROLES = ['admin', 'accountmanager', 'consultant', 'customer'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Password length limit on the login form (spec section 5). */
export const LOGIN_PASSWORD_MAX_LENGTH = 20;

/** Longer than any username we store; a longer one cannot sign in. */
export const USERNAME_MAX_LENGTH = 200;

export const UsernameSchema = TextSchema(USERNAME_MAX_LENGTH).trim().min(1);

/** A session token as the client holds it (login answers it; logout and the websocket take it). */
export const SessionTokenSchema = TextSchema(200).trim().min(1);

export const LoginBodySchema = z.object({
  username: UsernameSchema,
  password: TextSchema(LOGIN_PASSWORD_MAX_LENGTH).min(1),
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
});
export type UserSession = z.infer<typeof UserSessionSchema>;

/** Only admin and account managers pass the admin guard (spec section 6). */
export function isAdminRole(role: Role): boolean {
  return role === 'admin' || role === 'accountmanager';
}

/** A customer-side user is anyone who is neither admin nor account manager. */
export function isCustomerSideRole(role: Role): boolean {
  return !isAdminRole(role);
}
