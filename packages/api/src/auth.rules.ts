// Apart from their schemas, so the login page can use them without loading zod.

export const ROLES = ['admin', 'accountmanager', 'consultant', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** Password length limit on the login form (spec section 5). */
export const LOGIN_PASSWORD_MAX_LENGTH = 20;

/** The shortest password that may be set (spec section 5: at least 8 characters). */
export const PASSWORD_MIN_LENGTH = 8;

/** Longer than any username we store; a longer one cannot sign in. */
export const USERNAME_MAX_LENGTH = 200;

/**
 * Staff: the administrator and the account manager, the supplier's side. They pass what the spec
 * calls the admin guard (section 6); the role `admin` alone is `role === 'admin'`.
 */
export function isStaffRole(role: Role): boolean {
  return role === 'admin' || role === 'accountmanager';
}

/** A customer-side user is anyone who is not staff (consultants included). */
export function isCustomerSideRole(role: Role): boolean {
  return !isStaffRole(role);
}
