import type { Db } from '../../db/database';
import { LOCK_NAMESPACES } from '../../kernel/jobs/lock-keys';
import { lockForTransactionOf } from '../../kernel/jobs/transaction-lock';
import {
  countRecentResetRequests,
  insertResetRequest,
  pruneResetRequestsBefore,
} from './reset-throttle.repository';

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
    const byAccount = await countRecentResetRequests(
      trx,
      { column: 'account_key', value: accountKey },
      since,
      RESET_THROTTLE.perAccount,
    );
    const byAddress = await countRecentResetRequests(
      trx,
      { column: 'ip', value: ip },
      since,
      RESET_THROTTLE.perAddress,
    );
    // Refused requests are not recorded, so hammering does not extend a refusal.
    if (byAccount >= RESET_THROTTLE.perAccount || byAddress >= RESET_THROTTLE.perAddress) {
      return false;
    }
    await insertResetRequest(trx, { accountKey, ip, at: now });
    return true;
  });
  await pruneResetRequestsBefore(db, since, PRUNE_BATCH);
  return allowed;
}
