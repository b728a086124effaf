import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, SessionRow, UserRow } from '../../db/schema';
import { idleCutoff } from './session-open';

// The sessions table belongs here: signing in (modules/auth) creates and reads sessions, and every
// other question about one (is it open, whose is it, end it) is answered by this file alone.

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
      eb('sessions.last_used_at', '>', idleCutoff(now, idleMinutes)),
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

/** The user's own sessions that still work: not revoked, not idle too long, not past their end. */
export async function openSessionsOf(db: Db, userId: number, now: Date, idleMinutes: number) {
  return db
    .selectFrom('sessions')
    .leftJoin('users as impersonators', 'impersonators.id', 'sessions.impersonator_user_id')
    .select([
      'sessions.id',
      'sessions.ip',
      'sessions.user_agent',
      'sessions.created_at',
      'sessions.last_used_at',
      'impersonators.username as impersonatedBy',
    ])
    .where('sessions.user_id', '=', userId)
    .where(sessionOpenAt(now, idleMinutes))
    .orderBy('sessions.last_used_at', 'desc')
    .orderBy('sessions.id', 'desc')
    .limit(200)
    .execute();
}

/**
 * Revokes one active session; answers its user when there was one to revoke. With an owner, only
 * a session of that user (a user ending one of their own), so another user's id changes nothing.
 */
export async function revokeSession(
  db: Db,
  sessionId: number,
  now: Date,
  owner: { userId: number } | null = null,
): Promise<{ userId: number; username: string } | undefined> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .from('users')
    .whereRef('users.id', '=', 'sessions.user_id')
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null);
  if (owner) query = query.where('sessions.user_id', '=', owner.userId);
  return query.returning(['users.id as userId', 'users.username']).executeTakeFirst();
}

/**
 * Revokes every active session of these users, also those where they sign in as someone else,
 * except the one named; answers the ids that were revoked.
 */
export async function revokeSessionsOfUsers(
  db: Db,
  userIds: readonly number[],
  now: Date,
  exceptSessionId: number | null = null,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where((eb) => eb.or([eb('user_id', 'in', userIds), eb('impersonator_user_id', 'in', userIds)]))
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== null) query = query.where('id', '<>', exceptSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/**
 * The user's sessions that waited for a second factor may do everything now; answers their ids
 * (their cached copies must be forgotten).
 */
export async function clearSecondFactorPending(trx: Db, userId: number): Promise<number[]> {
  const freed = await trx
    .updateTable('sessions')
    .set({ second_factor_pending: false })
    .where('user_id', '=', userId)
    .where('second_factor_pending', '=', true)
    .returning('id')
    .execute();
  return freed.map((row) => row.id);
}

/* Sign-in creates sessions here; every authenticated request looks its session up here. */

export interface NewSession {
  tokenHash: string;
  userId: number;
  impersonatorUserId: number | null;
  readOnly: boolean;
  now: Date;
  absoluteExpiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** An administrator without the required authenticator app: may only set one up. */
  secondFactorPending?: boolean;
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      impersonator_user_id: session.impersonatorUserId,
      read_only: session.readOnly,
      created_at: session.now,
      last_used_at: session.now,
      absolute_expires_at: session.absoluteExpiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
      second_factor_pending: session.secondFactorPending ?? false,
    })
    .execute();
}

export function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** A session with its user and impersonator, as every authenticated request needs them. */
export interface SessionWithUsers {
  id: number;
  readOnly: boolean;
  lastUsedAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
  secondFactorPending: boolean;
  user: Pick<
    UserRow,
    | 'id'
    | 'username'
    | 'name'
    | 'role'
    | 'locale'
    | 'allow_tpi_page'
    | 'click_authorized'
    | 'disabled'
    | 'manage_users'
    | 'must_change_password'
  >;
  impersonator: Pick<UserRow, 'id' | 'username' | 'role' | 'disabled'> | null;
}

/**
 * The session a token hash names, with its user and impersonator, in one query: it is asked on
 * every authenticated request, so one round trip instead of two or three.
 */
export async function findSessionWithUsers(
  db: Db,
  tokenHash: string,
): Promise<SessionWithUsers | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as i', 'i.id', 's.impersonator_user_id')
    .select([
      's.id',
      's.read_only',
      's.last_used_at',
      's.absolute_expires_at',
      's.revoked_at',
      's.second_factor_pending',
      'u.id as user_id',
      'u.username',
      'u.name',
      'u.role',
      'u.locale',
      'u.allow_tpi_page',
      'u.click_authorized',
      'u.disabled',
      'u.manage_users',
      'u.must_change_password',
      'i.id as impersonator_id',
      'i.username as impersonator_username',
      'i.role as impersonator_role',
      'i.disabled as impersonator_disabled',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    readOnly: row.read_only,
    lastUsedAt: row.last_used_at,
    absoluteExpiresAt: row.absolute_expires_at,
    revokedAt: row.revoked_at,
    secondFactorPending: row.second_factor_pending,
    user: {
      id: row.user_id,
      username: row.username,
      name: row.name,
      role: row.role,
      locale: row.locale,
      allow_tpi_page: row.allow_tpi_page,
      click_authorized: row.click_authorized,
      disabled: row.disabled,
      manage_users: row.manage_users,
      must_change_password: row.must_change_password,
    },
    impersonator:
      row.impersonator_id === null
        ? null
        : {
            id: row.impersonator_id,
            username: row.impersonator_username as string,
            role: row.impersonator_role as UserRow['role'],
            disabled: row.impersonator_disabled as boolean,
          },
  };
}

export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}
