import type { TotpStatus } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../http/app-error';
import { acceptedStep, openTotpSecret } from './totp';

/**
 * Wrong codes a user may give within the window on myinfo and for clicks together: each quote
 * allows only a few, but quotes and sessions can be made again, and a million codes must not be
 * tried one quote at a time. Sign-in has its own throttle (docs/security.md).
 */
export const TOTP_MAX_FAILURES = 10;
export const TOTP_FAILURE_WINDOW_MINUTES = 15;
const FAILURE_ACTIONS = [
  'account.totp.enable',
  'account.totp.disable',
  'purchase.totp.verify',
  'standingOrder.totp.verify',
];

/** Refuses (429) a user who gave too many wrong codes lately; the audit log holds them. */
export async function assertTotpNotThrottled(db: Db, userId: number, at: Date): Promise<void> {
  const windowStart = new Date(at.getTime() - TOTP_FAILURE_WINDOW_MINUTES * 60_000);
  const failures = await db
    .selectFrom('audit_log')
    .select('at')
    .where('actor_user_id', '=', userId)
    .where('action', 'in', FAILURE_ACTIONS)
    .where('outcome', '=', 'failure')
    .where('at', '>', windowStart)
    .orderBy('at', 'desc')
    .limit(TOTP_MAX_FAILURES)
    .execute();
  const oldest = failures[TOTP_MAX_FAILURES - 1];
  if (!oldest) return;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((oldest.at.getTime() - windowStart.getTime()) / 1000),
  );
  throw new AppError('TOO_MANY_ATTEMPTS', { retryAfterSeconds, messageArgs: [retryAfterSeconds] });
}

export async function totpStatusOf(db: Db, userId: number): Promise<TotpStatus> {
  const row = await db
    .selectFrom('user_totp')
    .select('enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return 'off';
  return row.enabled_at === null ? 'pending' : 'on';
}

/**
 * Checks a code of the user's app and, when right, records its time step so it is never accepted
 * again. Call inside a transaction: the row is locked, so two requests with one code cannot both
 * pass. `state` is what the app must be in: 'on' for use, 'pending' to confirm a new one.
 */
export async function consumeTotpCode(
  trx: Db,
  input: { userId: number; code: string; at: Date; key: Buffer | null; state: 'on' | 'pending' },
): Promise<'accepted' | 'invalid' | 'unavailable'> {
  const row = await trx
    .selectFrom('user_totp')
    .select(['secret', 'enabled_at', 'last_used_step'])
    .where('user_id', '=', input.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || (row.enabled_at === null) !== (input.state === 'pending')) return 'unavailable';
  const secret = openTotpSecret(row.secret, input.key);
  const step = await acceptedStep(secret, input.code, input.at, row.last_used_step);
  if (step === null) return 'invalid';
  await trx
    .updateTable('user_totp')
    .set({ last_used_step: step })
    .where('user_id', '=', input.userId)
    .execute();
  return 'accepted';
}

/**
 * Stores a new, not yet confirmed secret (sealed): it replaces one never confirmed, never an app
 * in use. Answers whether it was stored.
 */
export async function storeTotpSecret(
  db: Db,
  userId: number,
  sealedSecret: string,
  at: Date,
): Promise<boolean> {
  const values = { secret: sealedSecret, created_at: at, last_used_step: null };
  const stored = await db
    .insertInto('user_totp')
    .values({ user_id: userId, ...values })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet(values).where('user_totp.enabled_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return stored !== undefined;
}

/** The confirmed app is on from `at`. */
export async function enableTotp(trx: Db, userId: number, at: Date): Promise<void> {
  await trx
    .updateTable('user_totp')
    .set({ enabled_at: at })
    .where('user_id', '=', userId)
    .execute();
}

export async function removeTotp(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}
