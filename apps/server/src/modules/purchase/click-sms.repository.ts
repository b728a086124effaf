import type { Db } from '../../db/database';
import type { SmsCodeTable } from '../../kernel/one-time-codes/sms-code';

/** A quote's SMS codes (sms_verifications): at most SMS_MAX_CODES_SENT per quote. */
export function quoteSmsCodes(quoteId: string, userId: number): SmsCodeTable {
  const ofQuote = (db: Db) =>
    db.selectFrom('sms_verifications').where('quote_id', '=', quoteId).where('factor', '=', 'sms');
  return {
    async countSent(db) {
      const sent = await ofQuote(db)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(sent.count);
    },
    async keep(db, code) {
      await db
        .insertInto('sms_verifications')
        .values({
          quote_id: quoteId,
          user_id: userId,
          code_hash: code.codeHash,
          created_at: code.at,
          expires_at: code.expiresAt,
        })
        .execute();
    },
    async newest(trx) {
      const latest = await ofQuote(trx)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      return latest && { ...latest, salt: quoteId, confirmed: latest.verified_at !== null };
    },
    async confirm(trx, id, at) {
      await trx
        .updateTable('sms_verifications')
        .set({ verified_at: at })
        .where('id', '=', id)
        .execute();
    },
    async countWrong(trx, id, attempts) {
      await trx.updateTable('sms_verifications').set({ attempts }).where('id', '=', id).execute();
    },
  };
}

/** The quote an SMS code is asked for, with whether its customer requires one. */
export async function findQuoteForSms(db: Db, quoteId: string) {
  return db
    .selectFrom('purchase_quotes')
    .innerJoin('contracts', 'contracts.id', 'purchase_quotes.contract_id')
    .innerJoin('customers', 'customers.id', 'contracts.customer_id')
    .select([
      'purchase_quotes.user_id',
      'purchase_quotes.expires_at',
      'purchase_quotes.consumed_at',
      'purchase_quotes.cancelled_at',
      'customers.require_sms',
    ])
    .where('purchase_quotes.id', '=', quoteId)
    .executeTakeFirst();
}
