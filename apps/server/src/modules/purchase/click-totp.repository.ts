import type { Db } from '../../db/database';

/*
 * The SQL of confirming a quote with the authenticator app (click-totp.ts): the quote's 'totp'
 * row of sms_verifications, which counts its wrong codes and records its success.
 */

/**
 * Locks the quote's row to the end of the transaction: one code check at a time per quote, so
 * parallel guesses cannot pass the attempts limit. Throws when the quote does not exist.
 */
export async function lockQuoteForCodeCheck(trx: Db, quoteId: string): Promise<void> {
  await trx
    .selectFrom('purchase_quotes')
    .select('id')
    .where('id', '=', quoteId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The quote's app-code row so far: its wrong attempts and whether a code was accepted. */
export function findTotpVerification(
  trx: Db,
  quoteId: string,
): Promise<{ id: number; attempts: number; verified_at: Date | null } | undefined> {
  return trx
    .selectFrom('sms_verifications')
    .select(['id', 'attempts', 'verified_at'])
    .where('quote_id', '=', quoteId)
    .where('factor', '=', 'totp')
    .executeTakeFirst();
}

/** What a code check leaves on the quote's app-code row. */
export interface TotpCheck {
  attempts: number;
  verified_at: Date | null;
}

/** Stores a later check on the quote's existing app-code row. */
export async function updateTotpVerification(trx: Db, id: number, check: TotpCheck): Promise<void> {
  await trx.updateTable('sms_verifications').set(check).where('id', '=', id).execute();
}

/** Stores the quote's first check as its app-code row (no code hash: the app holds the secret). */
export async function insertTotpVerification(
  trx: Db,
  row: { quoteId: string; userId: number; at: Date; expiresAt: Date } & TotpCheck,
): Promise<void> {
  await trx
    .insertInto('sms_verifications')
    .values({
      quote_id: row.quoteId,
      user_id: row.userId,
      factor: 'totp',
      code_hash: '',
      created_at: row.at,
      expires_at: row.expiresAt,
      attempts: row.attempts,
      verified_at: row.verified_at,
    })
    .execute();
}
