import type { Role } from '@klik/api';

/**
 * Only an administrator sees every customer. Everyone else, account managers included (their
 * portfolio, docs/permissions.md), sees the customers they are linked to.
 */
export function seesEveryCustomer(role: Role): boolean {
  return role === 'admin';
}
