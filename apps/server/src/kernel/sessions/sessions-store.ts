import type { Db } from '../../db/database';
import type { SessionRow, UserRow } from '../../db/schema';

/*
 * The sessions table's own writes and the lookup every authenticated request makes: the kernel
 * owns the table (sign-in creates rows through here, sessions.repository.ts revokes and lists
 * them), so no module writes it directly.
 */

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
