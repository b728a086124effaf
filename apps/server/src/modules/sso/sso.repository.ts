import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { SsoLoginsTable, UserRow } from '../../db/schema';

export type SsoLoginRow = SsoLoginsTable;

export async function insertSsoLogin(db: Db, login: SsoLoginRow): Promise<void> {
  await db.insertInto('sso_logins').values(login).execute();
}

/** Forgets sign-ins that can no longer be completed, so abandoned ones do not pile up. */
export async function deleteExpiredSsoLogins(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('sso_logins').where('expires_at', '<', now).execute();
}

/**
 * Marks the sign-in of this state used and answers it, or nothing when the state is unknown or
 * already used: one statement, so two requests with the same state cannot both get it.
 */
export function takeSsoLogin(
  db: Db,
  stateHash: string,
  now: Date,
): Promise<SsoLoginRow | undefined> {
  return db
    .updateTable('sso_logins')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function findUserOfIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('sso_identities')
    .innerJoin('users', 'users.id', 'sso_identities.user_id')
    .selectAll('users')
    .where('sso_identities.issuer', '=', issuer)
    .where('sso_identities.subject', '=', subject)
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Links the identity to the user; a link made meanwhile by another request stays. */
export async function insertIdentity(
  db: Db,
  identity: { issuer: string; subject: string; userId: number; now: Date },
): Promise<void> {
  await db
    .insertInto('sso_identities')
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      user_id: identity.userId,
      created_at: identity.now,
    })
    .onConflict((conflict) => conflict.columns(['issuer', 'subject']).doNothing())
    .execute();
}

/** The user's active customers among those given, with their link-by-e-mail setting. */
export async function findServedCustomers(
  db: Db,
  userId: number,
  customerIds: readonly number[],
): Promise<{ id: number; linkByEmail: boolean }[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_customers')
    .innerJoin('customers', 'customers.id', 'user_customers.customer_id')
    .select(['customers.id', 'customers.sso_link_by_email'])
    .where('user_customers.user_id', '=', userId)
    .where('customers.active', '=', true)
    .where('customers.id', 'in', [...customerIds])
    .orderBy('customers.id')
    .execute();
  return rows.map((row) => ({ id: row.id, linkByEmail: row.sso_link_by_email }));
}
