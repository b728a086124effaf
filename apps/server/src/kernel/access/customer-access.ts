import { sql } from 'kysely';
import { isStaffRole, isCustomerSideRole, type Role } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../http/app-error';
import type { AuthContext } from '../auth/auth-context';

/*
 * The portal's one answer to "what may this user do for this customer" (docs/permissions.md,
 * "Customer access"). One function per question; every module asks these and writes none of its
 * own:
 *
 * - may see: an administrator sees every customer; everyone else (account managers: their
 *   portfolio; consultants: the customers of their mandate; customer users: their own) the
 *   customers they are linked to in user_customers. Login-as acts as the user signed in as.
 * - may act for: change the customer's own plan (budgets, hedge policies, price alerts): a
 *   customer-side user whose session and link are not read-only. Staff read; the plan is the
 *   customer's.
 * - may click for: act for, and click-authorised both as a user and on the link (a consultant's
 *   mandate is the link's click right). Otherwise every status is DC_34.
 * - may approve: a click waiting for a second pair of eyes: whoever may click for the customer,
 *   or staff who are not read-only and not signed in as someone else.
 *
 * Refusals (decision 006): an administrator, who reaches every customer, learns that an id does
 * not exist (404 NOT_FOUND); everyone else gets 403 FORBIDDEN for a customer outside their own,
 * whether or not it exists, so ids cannot be probed.
 */

/** Only an administrator sees every customer. */
export function seesEveryCustomer(role: Role): boolean {
  return role === 'admin';
}

/** The user's link to one customer, as the questions below need it. */
export interface CustomerLink {
  readOnly: boolean;
  clickAuthorized: boolean;
}

/** The user's link to the customer, or null when they are not linked. */
export async function linkOf(
  db: Db,
  userId: number,
  customerId: number,
): Promise<CustomerLink | null> {
  const row = await db
    .selectFrom('user_customers')
    .select(['read_only', 'click_authorized'])
    .where('user_id', '=', userId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? { readOnly: row.read_only, clickAuthorized: row.click_authorized } : null;
}

/**
 * Ids of the customers a user is linked to: their own customers, an account manager's portfolio;
 * with `writableOnly`, those whose link is not read-only.
 */
export async function linkedCustomerIds(
  db: Db,
  userId: number,
  options: { writableOnly?: boolean } = {},
): Promise<number[]> {
  let query = db.selectFrom('user_customers').select('customer_id').where('user_id', '=', userId);
  if (options.writableOnly) query = query.where('read_only', '=', false);
  const rows = await query.execute();
  return rows.map((row) => row.customer_id);
}

/**
 * Whether a user with customers has none that is still active: such a user may not sign in or
 * reset their password (docs/security.md).
 */
export async function hasOnlyInactiveCustomers(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_customers')
    .innerJoin('customers', 'customers.id', 'user_customers.customer_id')
    .select([
      sql<number>`count(*)::int`.as('linked'),
      sql<number>`count(*) filter (where customers.active)::int`.as('active'),
    ])
    .where('user_customers.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.linked > 0 && row.active === 0;
}

/**
 * An API client reaches its own customer and no other (docs/integrations.md): 403 for any other
 * id, existing or not, as for every non-administrator (decision 006). Its "link" is read-only
 * unless the token carries a write scope, and never click-authorised.
 */
function apiClientLink(auth: AuthContext, customerId: number): CustomerLink {
  if (auth.apiClient?.customerId !== customerId) throw new AppError('FORBIDDEN');
  return { readOnly: auth.user.readOnly, clickAuthorized: false };
}

/** The refusal for a customer the user may not see (decision 006): 404 for admins, else 403. */
export function refusalFor(auth: AuthContext): AppError {
  return new AppError(seesEveryCustomer(auth.user.role) ? 'NOT_FOUND' : 'FORBIDDEN');
}

/**
 * May see: returns the user's link to the customer (null for an administrator, who needs none),
 * or refuses: 404 to an administrator for a customer that does not exist, 403 to anyone else for
 * a customer that is not theirs.
 */
export async function assertMaySee(
  db: Db,
  auth: AuthContext,
  customerId: number,
): Promise<CustomerLink | null> {
  if (auth.apiClient) return apiClientLink(auth, customerId);
  if (seesEveryCustomer(auth.user.role)) {
    const customer = await db
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (!customer) throw new AppError('NOT_FOUND');
    return null;
  }
  const link = await linkOf(db, auth.user.id, customerId);
  if (!link) throw new AppError('FORBIDDEN');
  return link;
}

/** May act for, given the user's link to the customer (null: none). */
export function mayActWith(auth: AuthContext, link: CustomerLink | null): boolean {
  return (
    isCustomerSideRole(auth.user.role) && !auth.user.readOnly && link !== null && !link.readOnly
  );
}

/** May act for: sees the customer (or is refused), then 403 unless they may change its plan. */
export async function assertMayActFor(
  db: Db,
  auth: AuthContext,
  customerId: number,
): Promise<void> {
  const link = await assertMaySee(db, auth, customerId);
  if (!mayActWith(auth, link)) throw new AppError('FORBIDDEN');
}

/**
 * The user's own part of the click right, apart from any customer: a customer-side user, not
 * read-only and click-authorised.
 */
export function userMayClick(auth: AuthContext): boolean {
  const { user } = auth;
  return !user.readOnly && user.clickAuthorized && isCustomerSideRole(user.role);
}

/** May click for, given the user's link to the customer (null: none). */
export function mayClickWith(auth: AuthContext, link: CustomerLink | null): boolean {
  return mayActWith(auth, link) && userMayClick(auth) && link !== null && link.clickAuthorized;
}

/** May click for the customer (no refusal: the caller answers DC_34 or hides the button). */
export async function mayClickFor(db: Db, auth: AuthContext, customerId: number): Promise<boolean> {
  if (!userMayClick(auth)) return false;
  return mayClickWith(auth, await linkOf(db, auth.user.id, customerId));
}

/**
 * May approve another user's click for the customer (four eyes), or cancel a standing order on
 * the customer's behalf: staff (administrator or account manager) who are not read-only, or
 * whoever may click for the customer.
 */
export async function mayApprove(db: Db, auth: AuthContext, customerId: number): Promise<boolean> {
  if (isStaffRole(auth.user.role) && auth.impersonator === null) return !auth.user.readOnly;
  return mayClickFor(db, auth, customerId);
}
