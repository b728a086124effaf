import type { TotpStatus } from '@klik/api';
import type { Db } from '../../db/database';
import { acceptedStep, openTotpSecret } from './totp';

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
