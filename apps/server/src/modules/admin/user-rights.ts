import { isCustomerSideRole, type CustomerRightsInput, type Role } from '@klik/api';
import { AppError } from '../../kernel/http/app-error';
import type { AdminScope } from '../../kernel/access/admin-scope';
import { linksOf, type UserRecord } from './users.repository';
import type { UserValues } from '../../kernel/users/user-store';

/*
 * The rules an edit of someone's rights must keep, besides the permission matrix: nobody changes
 * their own role or rights or leaves their own customers, an account manager keeps users on the
 * customer side of their portfolio, and a user manager never raises anyone above their own rights.
 */

export interface WantedUser extends UserValues {
  customers: CustomerRightsInput[];
}

function sameLinks(a: readonly CustomerRightsInput[], b: readonly CustomerRightsInput[]): boolean {
  const key = (links: readonly CustomerRightsInput[]) =>
    JSON.stringify(
      [...links]
        .sort((x, y) => x.customerId - y.customerId)
        .map((link) => [link.customerId, link.readOnly, link.clickAuthorized]),
    );
  return key(a) === key(b);
}

/** Role, rights and customers: what nobody changes about themselves. */
function rightsChanged(current: UserRecord, wanted: WantedUser): boolean {
  return (
    current.role !== wanted.role ||
    current.readOnly !== wanted.readOnly ||
    current.clickAuthorized !== wanted.clickAuthorized ||
    current.allowTPIPage !== wanted.allowTPIPage ||
    current.manageUsers !== wanted.manageUsers ||
    !sameLinks(linksOf(current), wanted.customers)
  );
}

/** Who a caller limited to their own customers may create or turn a user into. */
function assertRoleWithinReach(scope: AdminScope, role: Role): void {
  if (scope.all) return;
  const allowed =
    scope.principal === 'userManager' ? role === 'customer' : isCustomerSideRole(role);
  if (!allowed) throw new AppError('RIGHTS_EXCEEDED');
}

/**
 * A user manager gives nobody a right they lack themselves: clicking (per customer and at all)
 * and managing users. Rights a user already had stay as they are.
 */
function assertNotAboveCaller(
  caller: UserRecord,
  current: UserRecord | null,
  wanted: WantedUser,
): void {
  const raises = (was: boolean | undefined, becomes: boolean) => becomes && was !== true;
  if (raises(current?.clickAuthorized, wanted.clickAuthorized) && !caller.clickAuthorized) {
    throw new AppError('RIGHTS_EXCEEDED');
  }
  if (raises(current ? !current.readOnly : undefined, !wanted.readOnly) && caller.readOnly) {
    throw new AppError('RIGHTS_EXCEEDED');
  }
  if (raises(current?.manageUsers, wanted.manageUsers) && !caller.manageUsers) {
    throw new AppError('RIGHTS_EXCEEDED');
  }
  if (wanted.allowTPIPage) throw new AppError('RIGHTS_EXCEEDED');
  for (const link of wanted.customers) {
    const own = caller.links.find((candidate) => candidate.customerId === link.customerId);
    const was = current?.links.find((candidate) => candidate.customerId === link.customerId);
    const callerClicks = caller.clickAuthorized && own?.clickAuthorized === true;
    if (raises(was?.clickAuthorized, link.clickAuthorized) && !callerClicks) {
      throw new AppError('RIGHTS_EXCEEDED');
    }
    if (raises(was ? !was.readOnly : undefined, !link.readOnly) && own?.readOnly !== false) {
      throw new AppError('RIGHTS_EXCEEDED');
    }
  }
}

/**
 * Checks a new user (current null) or an edit against the rules; the customers' existence and
 * ownership are the scope's (assertCustomers).
 */
export function assertRightsChange(
  scope: AdminScope,
  caller: UserRecord,
  current: UserRecord | null,
  wanted: WantedUser,
): void {
  if (current && current.id === caller.id && rightsChanged(current, wanted)) {
    throw new AppError('CANNOT_REMOVE_SELF');
  }
  assertRoleWithinReach(scope, wanted.role);
  if (!scope.all && wanted.customers.length === 0) {
    // The user would leave the caller's reach (and every customer): only an admin does that.
    throw new AppError('VALIDATION_FAILED');
  }
  if (scope.principal === 'userManager') assertNotAboveCaller(caller, current, wanted);
}
