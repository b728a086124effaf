import type { Db } from '../../db/database';

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
