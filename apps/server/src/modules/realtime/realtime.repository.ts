import type { MarketProduct } from '@klik/api';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { marketProductsOfContracts } from '../margins/margin-pricing';

export interface CustomerAccess {
  customerIds: Set<number>;
  products: Set<MarketProduct>;
}

/** The customers each user is linked to and the market products of those customers' contracts. */
export async function customerAccessOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, CustomerAccess>> {
  const access = new Map<number, CustomerAccess>();
  for (const userId of userIds) access.set(userId, { customerIds: new Set(), products: new Set() });
  if (userIds.length === 0) return access;
  const links = await db
    .selectFrom('user_customers')
    .select(['user_id', 'customer_id'])
    .where('user_id', 'in', [...userIds])
    .execute();
  const customerIds = [...new Set(links.map((link) => link.customer_id))];
  const contracts =
    customerIds.length === 0
      ? []
      : await db
          .selectFrom('contracts')
          .select(['customer_id', 'commodity', 'product'])
          .distinct()
          .where('customer_id', 'in', customerIds)
          .execute();
  // The products the contracts' pricing IDs name, the ones their positions move with.
  const productsOf = await marketProductsOfContracts(db, contracts);
  const productsOfCustomer = new Map<number, MarketProduct[]>();
  for (const row of contracts) {
    const list = productsOfCustomer.get(row.customer_id) ?? [];
    list.push(...Object.values(productsOf(row)));
    productsOfCustomer.set(row.customer_id, list);
  }
  for (const link of links) {
    const entry = access.get(link.user_id);
    if (!entry) continue;
    entry.customerIds.add(link.customer_id);
    for (const product of productsOfCustomer.get(link.customer_id) ?? [])
      entry.products.add(product);
  }
  return access;
}

export interface SessionValidity {
  id: number;
  revokedAt: Date | null;
  lastUsedAt: Date;
  absoluteExpiresAt: Date;
  userDisabled: boolean;
  impersonatorDisabled: boolean;
}

/** What decides whether each of these sessions is still valid; missing ids are gone. */
export async function sessionValidity(
  db: Db,
  sessionIds: readonly number[],
): Promise<SessionValidity[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('users as impersonators', 'impersonators.id', 'sessions.impersonator_user_id')
    .select([
      'sessions.id',
      'sessions.revoked_at',
      'sessions.last_used_at',
      'sessions.absolute_expires_at',
      'users.disabled as user_disabled',
      'impersonators.disabled as impersonator_disabled',
    ])
    .where('sessions.id', 'in', [...sessionIds])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    absoluteExpiresAt: row.absolute_expires_at,
    userDisabled: row.user_disabled,
    impersonatorDisabled: row.impersonator_disabled === true,
  }));
}

/** A session that still works at `now`: not revoked, not past its end, not idle too long. */
export function sessionOpenAt(now: Date, idleMinutes: number) {
  return (eb: ExpressionBuilder<Database, 'sessions'>) =>
    eb.and([
      eb('sessions.revoked_at', 'is', null),
      eb('sessions.absolute_expires_at', '>', now),
      eb('sessions.last_used_at', '>', new Date(now.getTime() - idleMinutes * 60_000)),
    ]);
}

/** Sessions that are neither revoked nor expired at an instant, most recently used first. */
export async function activeSessions(db: Db, now: Date, idleMinutes: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('users as impersonators', 'impersonators.id', 'sessions.impersonator_user_id')
    .select([
      'sessions.id',
      'users.username',
      'users.name',
      'users.role',
      'impersonators.username as impersonatedBy',
      'sessions.read_only',
      'sessions.created_at',
      'sessions.last_used_at',
      'sessions.ip',
    ])
    .where(sessionOpenAt(now, idleMinutes))
    .where('users.disabled', '=', false)
    .orderBy('sessions.last_used_at', 'desc')
    .orderBy('sessions.id', 'desc')
    .limit(1000)
    .execute();
}

/** Revokes a session by id; answers its user when there was an active one to revoke. */
export async function revokeSessionById(
  db: Db,
  sessionId: number,
  now: Date,
): Promise<{ userId: number; username: string } | undefined> {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .from('users')
    .whereRef('users.id', '=', 'sessions.user_id')
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .returning(['users.id as userId', 'users.username'])
    .executeTakeFirst();
}
