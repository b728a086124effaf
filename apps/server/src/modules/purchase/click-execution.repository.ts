import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ClicksTable } from '../../db/schema';

/*
 * The SQL of confirming a quote (PurchaseService.execute, docs/purchase.md): the quote, its
 * second factor and the click it makes. The contract, the ledger and the terms are in
 * purchase.repository.ts.
 */

/** The click the user's confirmation with this idempotency key made, if any, with its quote. */
export async function findClickByIdempotencyKey(
  db: Db,
  userId: number,
  idempotencyKey: string,
): Promise<{ id: number; quote_id: string | null } | undefined> {
  return db
    .selectFrom('clicks')
    .select(['id', 'quote_id'])
    .where('created_by', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** Whose quote this is, or undefined when there is none. */
export async function findQuoteOwner(db: Db, quoteId: string): Promise<number | undefined> {
  const quote = await db
    .selectFrom('purchase_quotes')
    .select('user_id')
    .where('id', '=', quoteId)
    .executeTakeFirst();
  return quote?.user_id;
}

/**
 * Cancels the user's quote unless it is already consumed or cancelled, so it no longer counts as
 * a click in progress; answers how many quotes changed (0 or 1).
 */
export async function cancelOpenQuote(
  db: Db,
  userId: number,
  quoteId: string,
  at: Date,
): Promise<number> {
  const result = await db
    .updateTable('purchase_quotes')
    .set({ cancelled_at: at })
    .where('id', '=', quoteId)
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Locks the quote's row for the rest of the transaction, so two confirmations of one quote run
 * one after the other and the second sees it consumed.
 */
export async function lockQuote(trx: Db, quoteId: string) {
  return trx
    .selectFrom('purchase_quotes')
    .selectAll()
    .where('id', '=', quoteId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The click a consumed quote made, with who made it under which idempotency key. */
export async function findClickOfQuote(
  db: Db,
  quoteId: string,
): Promise<{ id: number; created_by: number | null; idempotency_key: string | null } | undefined> {
  return db
    .selectFrom('clicks')
    .select(['id', 'created_by', 'idempotency_key'])
    .where('quote_id', '=', quoteId)
    .executeTakeFirst();
}

/** Whether a second factor (an SMS or authenticator code) was verified for the quote. */
export async function secondFactorVerified(db: Db, quoteId: string): Promise<boolean> {
  const verified = await db
    .selectFrom('sms_verifications')
    .select('id')
    .where('quote_id', '=', quoteId)
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
  return verified !== undefined;
}

/** Stores a confirmed click; its volume is reserved apart (reserveVolume). Answers its id. */
export async function insertClick(trx: Db, click: Insertable<ClicksTable>): Promise<number> {
  const { id } = await trx
    .insertInto('clicks')
    .values(click)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Marks the quote used: it made a click and cannot be confirmed again. */
export async function consumeQuote(trx: Db, quoteId: string, at: Date): Promise<void> {
  await trx
    .updateTable('purchase_quotes')
    .set({ consumed_at: at })
    .where('id', '=', quoteId)
    .execute();
}
