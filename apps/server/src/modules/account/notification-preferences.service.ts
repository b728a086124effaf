import {
  DEFAULT_DELIVERY,
  NOTIFICATION_KINDS,
  type DeliveryChannel,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesBody,
} from '@klik/api';
import type { Db } from '../../db/database';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { actorOf } from '../../kernel/audit/audit-log';
import { findNotificationChoices, upsertNotificationChoices } from './account.repository';

async function preferencesOf(db: Db, userId: number): Promise<NotificationPreferences> {
  const rows = await findNotificationChoices(db, userId);
  const chosen = new Map(rows.map((row) => [row.kind, row.channel]));
  const preferences = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? DEFAULT_DELIVERY[kind]]),
  ) as Record<NotificationKind, DeliveryChannel>;
  return { preferences };
}

/**
 * myinfo: per notification kind, in the portal only or by e-mail as well (docs/account.md). A
 * choice is stored even when it equals today's default, so a later change of the defaults
 * never overrides what a user chose.
 */
export class NotificationPreferencesService {
  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  get(auth: AuthContext): Promise<NotificationPreferences> {
    return preferencesOf(this.deps.db, auth.user.id);
  }

  async change(
    auth: AuthContext,
    body: NotificationPreferencesBody,
    ip: string,
  ): Promise<NotificationPreferences> {
    return this.deps.db.transaction().execute(async (trx) => {
      const before = (await preferencesOf(trx, auth.user.id)).preferences;
      const changes = NOTIFICATION_KINDS.flatMap((kind) => {
        const channel = body.preferences[kind];
        return channel === undefined || channel === before[kind] ? [] : [{ kind, channel }];
      });
      if (changes.length === 0) return { preferences: before };
      await upsertNotificationChoices(trx, auth.user.id, changes);
      await writeAudit(trx, {
        ...actorOf(auth),
        at: this.deps.now(),
        action: 'account.notificationPreferences.change',
        outcome: 'success',
        subject: `user:${auth.user.id}`,
        details: {
          changes: changes.map(({ kind, channel }) => ({
            kind,
            before: before[kind],
            after: channel,
          })),
        },
        ip,
      });
      return preferencesOf(trx, auth.user.id);
    });
  }
}
