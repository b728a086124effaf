import type { ResetPurpose } from '@klik/api';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';

/** A username (case-insensitive) or an e-mail address (stored in lower case). */
export function findUserByUsernameOrEmail(
  db: Db,
  usernameOrEmail: string,
): Promise<UserRow | undefined> {
  const key = usernameOrEmail.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([eb(eb.fn('lower', ['username']), '=', key), eb(eb.fn('lower', ['email']), '=', key)]),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** A new link for the user; every earlier link of theirs stops working. */
export async function insertResetToken(
  db: Db,
  values: { userId: number; tokenHash: string; purpose: ResetPurpose; at: Date; expiresAt: Date },
): Promise<void> {
  await voidTokensOf(db, values.userId, values.at);
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      purpose: values.purpose,
      created_at: values.at,
      expires_at: values.expiresAt,
    })
    .execute();
}

export async function voidTokensOf(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export interface LiveToken {
  id: number;
  purpose: ResetPurpose;
  expiresAt: Date;
  user: UserRow;
}

/**
 * The link's token if it still works: unused, unexpired and its user active. With lock, the
 * row stays locked to the end of the transaction, so a link is used once even when two resets
 * race.
 */
export async function findLiveToken(
  db: Db,
  tokenHash: string,
  now: Date,
  lock = false,
): Promise<LiveToken | null> {
  let query = db
    .selectFrom('password_reset_tokens')
    .select(['id', 'user_id', 'purpose', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (lock) query = query.forUpdate();
  const token = await query.executeTakeFirst();
  if (!token) return null;
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', token.user_id)
    .where('disabled', '=', false)
    .executeTakeFirst();
  if (!user) return null;
  return { id: token.id, purpose: token.purpose, expiresAt: token.expires_at, user };
}
