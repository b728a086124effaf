import type { DeliveryChannel, NotificationKind } from '@klik/api';
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

/** The notification kinds the user chose a channel for; a kind without a row keeps its default. */
export async function findNotificationChoices(db: Db, userId: number) {
  return db
    .selectFrom('notification_preferences')
    .select(['kind', 'channel'])
    .where('user_id', '=', userId)
    .execute();
}

/** Stores the user's choices, replacing an earlier choice of the same kind. */
export async function upsertNotificationChoices(
  db: Db,
  userId: number,
  choices: readonly { kind: NotificationKind; channel: DeliveryChannel }[],
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values(choices.map(({ kind, channel }) => ({ user_id: userId, kind, channel })))
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind'])
        .doUpdateSet((eb) => ({ channel: eb.ref('excluded.channel') })),
    )
    .execute();
}
