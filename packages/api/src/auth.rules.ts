// Apart from their schemas, so the login page can use them without loading zod.

export const ROLES = ['admin', 'accountmanager', 'consultant', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** Password length limit on the login form (spec section 5). */
export const LOGIN_PASSWORD_MAX_LENGTH = 20;

/** The shortest password that may be set (spec section 5: at least 8 characters). */
export const PASSWORD_MIN_LENGTH = 8;

/** Longer than any username we store; a longer one cannot sign in. */
export const USERNAME_MAX_LENGTH = 200;

/** Only admin and account managers pass the admin guard (spec section 6). */
export function isAdminRole(role: Role): boolean {
  return role === 'admin' || role === 'accountmanager';
}

/** A customer-side user is anyone who is neither admin nor account manager. */
export function isCustomerSideRole(role: Role): boolean {
  return !isAdminRole(role);
}
