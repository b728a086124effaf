import { randomInt } from 'node:crypto';
import type { SmsSent } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import {
  codeHash,
  judgeSmsCode,
  SMS_MAX_ATTEMPTS,
  wrongSmsCode,
} from '../../kernel/one-time-codes/sms-code';
import { maskNumber, type SmsGateway } from '../../kernel/one-time-codes/sms-gateway';
import { actorOf } from '../../kernel/audit/audit-log';

/** How long a sent code holds (never beyond the quote). */
export const SMS_CODE_LIFETIME_MS = 5 * 60_000;
/** At most this many codes per quote, so a quote cannot be used to flood a phone. */
export const SMS_MAX_CODES_PER_QUOTE = 5;

export interface ClickSmsDeps {
  db: Db;
  now: () => Date;
  sms: SmsGateway;
  log: { error: (details: object, message: string) => void };
}

/** The text of a confirmation code's SMS in the user's language. */
export function confirmationSmsText(locale: string, code: string): string {
  return locale === 'en'
    ? `Klik: your confirmation code is ${code}. Never share this code.`
    : `Klik: uw bevestigingscode is ${code}. Deel deze code met niemand.`;
}

/** A new 6-digit confirmation code. */
export function newConfirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The user's mobile number and language; refused when there is no number to text. */
export async function phoneOf(db: Db, userId: number): Promise<{ mobile: string; locale: string }> {
  const user = await db
    .selectFrom('users')
    .select(['mobile', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.mobile) throw new AppError('SMS_NO_MOBILE_NUMBER');
  return { mobile: user.mobile, locale: user.locale };
}

/**
 * Texts a confirmation code to the phone in its user's language and answers what the screen
 * says of it; a gateway failure is logged and refused (SMS_NOT_SENT).
 */
export async function textConfirmationCode(
  deps: Pick<ClickSmsDeps, 'sms' | 'log'>,
  phone: { mobile: string; locale: string },
  code: string,
  expiresAt: Date,
): Promise<SmsSent> {
  try {
    await deps.sms.send(phone.mobile, confirmationSmsText(phone.locale, code));
  } catch (error) {
    deps.log.error({ err: error }, 'SMS not sent');
    throw new AppError('SMS_NOT_SENT');
  }
  return {
    sentTo: maskNumber(phone.mobile),
    expiresAt: expiresAt.toISOString(),
    attemptsLeft: SMS_MAX_ATTEMPTS,
  };
}

/** Sends a new 6-digit code for a quote to the user's mobile number. */
export async function sendClickSms(
  deps: ClickSmsDeps,
  auth: AuthContext,
  quoteId: string,
  ip: string | null,
): Promise<SmsSent> {
  const { db, now } = deps;
  const at = now();
  const quote = await db
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
  if (!quote || quote.user_id !== auth.user.id) throw new AppError('NOT_FOUND');
  if (quote.consumed_at !== null || quote.cancelled_at !== null) throw new AppError('QUOTE_USED');
  if (at.getTime() >= quote.expires_at.getTime()) throw new AppError('QUOTE_EXPIRED');
  if (!quote.require_sms) throw new AppError('VALIDATION_FAILED');
  const phone = await phoneOf(db, auth.user.id);
  const sent = await db
    .selectFrom('sms_verifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('quote_id', '=', quoteId)
    .where('factor', '=', 'sms')
    .executeTakeFirstOrThrow();
  if (Number(sent.count) >= SMS_MAX_CODES_PER_QUOTE) throw new AppError('SMS_ATTEMPTS_EXCEEDED');

  const code = newConfirmationCode();
  const expiresAt = new Date(
    Math.min(at.getTime() + SMS_CODE_LIFETIME_MS, quote.expires_at.getTime()),
  );
  await db
    .insertInto('sms_verifications')
    .values({
      quote_id: quoteId,
      user_id: auth.user.id,
      code_hash: codeHash(quoteId, code).toString('hex'),
      created_at: at,
      expires_at: expiresAt,
    })
    .execute();
  const sentTo = await textConfirmationCode(deps, phone, code, expiresAt);
  await writeAudit(db, {
    ...actorOf(auth),
    at,
    action: 'purchase.sms.send',
    outcome: 'success',
    subject: `quote:${quoteId}`,
    details: { to: sentTo.sentTo },
    ip,
  });
  return sentTo;
}

/** Checks an SMS code; a wrong code counts as an attempt even though the confirmation fails. */
export async function verifyClickSms(
  db: Db,
  auth: AuthContext,
  quoteId: string,
  code: string | undefined,
  at: Date,
  ip: string | null,
): Promise<void> {
  const refusal = await db.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom('sms_verifications')
      .selectAll()
      .where('quote_id', '=', quoteId)
      .where('factor', '=', 'sms')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!latest || (!latest.verified_at && code === undefined)) {
      return new AppError('SMS_REQUIRED');
    }
    if (latest.verified_at) return null;
    const judged = judgeSmsCode(latest, quoteId, code as string, at);
    if (judged.verdict === 'refused') return judged.error;
    if (judged.verdict === 'match') {
      await trx
        .updateTable('sms_verifications')
        .set({ verified_at: at })
        .where('id', '=', latest.id)
        .execute();
      return null;
    }
    const { attempts } = judged;
    await trx
      .updateTable('sms_verifications')
      .set({ attempts })
      .where('id', '=', latest.id)
      .execute();
    await writeAudit(trx, {
      ...actorOf(auth),
      at,
      action: 'purchase.sms.verify',
      outcome: 'failure',
      subject: `quote:${quoteId}`,
      details: { attempts },
      ip,
    });
    return wrongSmsCode(attempts);
  });
  if (refusal) throw refusal;
}
