import type { Db } from '../../db/database';
import { LOCK_NAMESPACES } from '../../kernel/jobs/lock-keys';
import { lockForTransactionOf } from '../../kernel/jobs/transaction-lock';

/**
 * The forgotPassword throttle (docs/security.md): within a window, at most so many requests per
 * account and per address lead to an e-mail. Requests beyond are answered the same but send
 * nothing, so the throttle reveals no more than the answer does.
 */
export const RESET_THROTTLE = {
  windowMinutes: 60,
  perAccount: 3,
  perAddress: 10,
} as const;

const PRUNE_BATCH = 100;

/**
 * Counts and records a request in one transaction holding the account's lock, so requests at
 * the same moment see each other (as the sign-in throttle does). Answers whether it may send.
 */
export async function admitResetRequest(
  db: Db,
  accountKey: string,
  ip: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - RESET_THROTTLE.windowMinutes * 60_000);
  const allowed = await db.transaction().execute(async (trx) => {
    await lockForTransactionOf(trx, LOCK_NAMESPACES.passwordReset, accountKey);
    const count = (column: 'account_key' | 'ip', value: string, limit: number) =>
      trx
        .selectFrom('password_reset_requests')
        .select('id')
        .where(column, '=', value)
        .where('at', '>', since)
        .limit(limit)
        .execute();
    const byAccount = await count('account_key', accountKey, RESET_THROTTLE.perAccount);
    const byAddress = await count('ip', ip, RESET_THROTTLE.perAddress);
    // Refused requests are not recorded, so hammering does not extend a refusal.
    if (
      byAccount.length >= RESET_THROTTLE.perAccount ||
      byAddress.length >= RESET_THROTTLE.perAddress
    ) {
      return false;
    }
    await trx
      .insertInto('password_reset_requests')
      .values({ account_key: accountKey, ip, at: now })
      .execute();
    return true;
  });
  await db
    .deleteFrom('password_reset_requests')
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('password_reset_requests')
        .select('id')
        .where('at', '<', since)
        .limit(PRUNE_BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .execute();
  return allowed;
}
