import type { Db } from '../../db/database';
import { sessionOpenAt } from '../realtime/realtime.repository';

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

/** Revokes one of the user's sessions; undefined when it is not theirs or already ended. */
export async function revokeOwnSession(db: Db, userId: number, sessionId: number, now: Date) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

export async function accountRow(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('mobile_verifications as pending', 'pending.user_id', 'users.id')
    .leftJoin('user_totp', 'user_totp.user_id', 'users.id')
    .select([
      'users.username',
      'users.name',
      'users.email',
      'users.role',
      'users.locale',
      'users.mobile',
      'pending.mobile as pending_mobile',
      'pending.sent_at',
      'pending.expires_at',
      'user_totp.user_id as totp_user_id',
      'user_totp.enabled_at as totp_enabled_at',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
}
