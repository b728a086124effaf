import { isCustomerSideRole, principalOf, type Action, type Principal, type Role } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../http/app-error';
import { reachOfCaller } from '../auth/auth-guards';
import type { AuthContext } from '../auth/auth-context';
import { linkedCustomerIds } from './customer-access';

/*
 * What the permission matrix (packages/api admin-permissions.ts, docs/permissions.md) means for
 * one request: the guard lets through whoever reaches an action at all; the service then asks
 * this scope whether the customers and users the request is about are the caller's.
 */

/** A user as far as "is this user mine" is concerned. */
export interface ScopedUser {
  id: number;
  role: Role;
  /** Every customer the user is linked to. */
  customerIds: readonly number[];
}

export class AdminScope {
  constructor(
    readonly action: Action,
    readonly principal: Principal,
    /** null: every customer (reach all). Otherwise the caller's own customers. */
    readonly customerIds: ReadonlySet<number> | null,
  ) {}

  get all(): boolean {
    return this.customerIds === null;
  }

  /** For queries: null means no restriction. */
  get customerFilter(): number[] | null {
    return this.customerIds === null ? null : [...this.customerIds];
  }

  ownsCustomer(customerId: number): boolean {
    return this.customerIds === null || this.customerIds.has(customerId);
  }

  /**
   * The customer exists and is the caller's. Who reaches every customer learns that an id does
   * not exist (404); anyone else gets 403 either way (decision 006).
   */
  async assertCustomer(db: Db, customerId: number): Promise<void> {
    if (!this.all) {
      if (!this.ownsCustomer(customerId)) throw new AppError('FORBIDDEN');
      return;
    }
    const found = await db
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (!found) throw new AppError('NOT_FOUND');
  }

  /** Every customer named exists and is the caller's (a new link, a portfolio). */
  async assertCustomers(db: Db, customerIds: readonly number[]): Promise<void> {
    const unique = [...new Set(customerIds)];
    if (unique.some((id) => !this.ownsCustomer(id))) throw new AppError('FORBIDDEN');
    if (unique.length === 0) return;
    const found = await db.selectFrom('customers').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) {
      throw new AppError(this.all ? 'NOT_FOUND' : 'FORBIDDEN');
    }
  }

  /**
   * Whether a user is the caller's to change: anyone for reach all; otherwise a customer-side
   * user (a customer user for a user manager) whose every customer is one of the caller's.
   */
  ownsUser(user: ScopedUser): boolean {
    if (this.customerIds === null) return true;
    if (!isCustomerSideRole(user.role)) return false;
    if (this.principal === 'userManager' && user.role !== 'customer') return false;
    const own = this.customerIds;
    return user.customerIds.length > 0 && user.customerIds.every((id) => own.has(id));
  }

  /** Whether the caller may see the user at all: theirs, or sharing at least one customer. */
  seesUser(user: ScopedUser): boolean {
    if (this.customerIds === null) return true;
    if (!isCustomerSideRole(user.role)) return false;
    const own = this.customerIds;
    return user.customerIds.some((id) => own.has(id));
  }

  /** undefined (no such user) is 404 for reach all and 403 for everyone else. */
  assertOwnsUser(user: ScopedUser | undefined): asserts user is ScopedUser {
    if (!user) throw new AppError(this.all ? 'NOT_FOUND' : 'FORBIDDEN');
    if (!this.ownsUser(user)) throw new AppError('FORBIDDEN');
  }

  assertSeesUser(user: ScopedUser | undefined): asserts user is ScopedUser {
    if (!user) throw new AppError(this.all ? 'NOT_FOUND' : 'FORBIDDEN');
    if (!this.seesUser(user)) throw new AppError('FORBIDDEN');
  }
}

/**
 * The customers a caller counts as their own. For changes a user manager's own customers are
 * those where their own link is not read-only.
 */
async function ownCustomerIds(db: Db, userId: number, writable: boolean): Promise<Set<number>> {
  return new Set(await linkedCustomerIds(db, userId, { writableOnly: writable }));
}

/** The caller's scope for an action; refuses (403) who does not reach it at all. */
export async function scopeOf(db: Db, auth: AuthContext, action: Action): Promise<AdminScope> {
  const reach = reachOfCaller(auth, action);
  const principal = principalOf(auth.user.role, auth.user.manageUsers, auth.user.allowTPIPage);
  if (reach === 'none') throw new AppError('FORBIDDEN');
  if (reach === 'all') return new AdminScope(action, principal, null);
  const writable = principal === 'userManager' && action !== 'users.read';
  return new AdminScope(action, principal, await ownCustomerIds(db, auth.user.id, writable));
}
