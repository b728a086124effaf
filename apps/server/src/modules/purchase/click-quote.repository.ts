import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { PurchaseQuotesTable } from '../../db/schema';

/*
 * The SQL of pricing a click (click-quote.ts, docs/purchase.md): the user's open quotes and the
 * new one. Confirming a quote is in click-execution.repository.ts.
 */

/**
 * Locks the user's row to the end of the transaction, which serialises the user's quote requests.
 * NO KEY UPDATE, so a click of the same user inserted meanwhile (its created_by takes a KEY SHARE
 * lock on the row) does not wait for it while holding the contract lock the quote's insert needs:
 * with FOR UPDATE the two deadlocked (a standing order's click against a quote).
 */
export async function lockUserForQuote(trx: Db, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/**
 * The user's quotes that still count as a click in progress at `at`: neither consumed, cancelled
 * nor expired, and made by the user (a standing order's quotes are the server's).
 */
export function findOpenQuotesOf(
  trx: Db,
  userId: number,
  at: Date,
): Promise<{ id: string; contract_id: number; year_of_supply: number; maturity: string }[]> {
  return (
    trx
      .selectFrom('purchase_quotes')
      .select(['id', 'contract_id', 'year_of_supply', 'maturity'])
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('expires_at', '>', at)
      // A standing order's quotes are the server's, not a click the user has in progress.
      .where('standing_order_id', 'is', null)
      .execute()
  );
}

/** Cancels quotes a new quote of the same position replaces. */
export async function cancelQuotes(trx: Db, quoteIds: readonly string[], at: Date): Promise<void> {
  await trx
    .updateTable('purchase_quotes')
    .set({ cancelled_at: at })
    .where('id', 'in', quoteIds)
    .execute();
}

/** Stores a priced quote; confirming it makes the click. */
export async function insertQuote(trx: Db, quote: Insertable<PurchaseQuotesTable>): Promise<void> {
  await trx.insertInto('purchase_quotes').values(quote).execute();
}
