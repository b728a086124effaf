import type { SmsSent } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { checkSmsCode, sendSmsCode, type SmsCodeDeps } from '../../kernel/one-time-codes/sms-code';
import { findQuoteForSms, quoteSmsCodes } from './click-sms.repository';

export interface ClickSmsDeps extends SmsCodeDeps {
  now: () => Date;
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
  const quote = await findQuoteForSms(db, quoteId);
  if (!quote || quote.user_id !== auth.user.id) throw new AppError('NOT_FOUND');
  if (quote.consumed_at !== null || quote.cancelled_at !== null) throw new AppError('QUOTE_USED');
  if (at.getTime() >= quote.expires_at.getTime()) throw new AppError('QUOTE_EXPIRED');
  if (!quote.require_sms) throw new AppError('VALIDATION_FAILED');
  return sendSmsCode(deps, auth, {
    table: quoteSmsCodes(quoteId, auth.user.id),
    salt: quoteId,
    at,
    notAfter: quote.expires_at,
    audit: { action: 'purchase.sms.send', subject: `quote:${quoteId}` },
    ip,
  });
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
  // A verified code stays good for the quote's one click.
  await checkSmsCode(db, auth, {
    table: quoteSmsCodes(quoteId, auth.user.id),
    code,
    reused: true,
    at,
    audit: { action: 'purchase.sms.verify', subject: `quote:${quoteId}` },
    ip,
  });
}
