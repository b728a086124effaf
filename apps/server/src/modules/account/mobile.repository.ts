import type { Db } from '../../db/database';

/*
 * A new mobile number waits in mobile_verifications until its code comes back: one row per user,
 * locked while a code is sent or judged, so two requests never cross.
 */

export interface MobileCode {
  mobile: string;
  code_hash: string;
  sent_at: Date;
  expires_at: Date;
  attempts: number;
}

/** The user's waiting number, locked for this transaction. */
export async function lockPendingMobile(db: Db, userId: number) {
  return db
    .selectFrom('mobile_verifications')
    .selectAll()
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Starts (or restarts) the verification of a number with a fresh code. */
export async function storePendingMobile(db: Db, userId: number, code: MobileCode): Promise<void> {
  await db
    .insertInto('mobile_verifications')
    .values({ user_id: userId, ...code })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(code))
    .execute();
}

export async function countMobileAttempt(db: Db, userId: number, attempts: number): Promise<void> {
  await db
    .updateTable('mobile_verifications')
    .set({ attempts })
    .where('user_id', '=', userId)
    .execute();
}

export async function forgetPendingMobile(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('mobile_verifications').where('user_id', '=', userId).execute();
}

/** The user's current mobile number. */
export async function currentMobile(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.mobile;
}
