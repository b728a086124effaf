import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import {
  assertTotpNotThrottled,
  consumeTotpCode,
  totpStatusOf,
} from '../../kernel/one-time-codes/totp.repository';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import type { ClickContract } from './purchase.repository';
import {
  findTotpVerification,
  insertTotpVerification,
  lockQuoteForCodeCheck,
  updateTotpVerification,
} from './click-totp.repository';

/**
 * Whether the user may confirm this contract's clicks with their authenticator app instead of an
 * SMS code: the customer asks for a second factor, allows the app, and the user has one on.
 */
export async function mayUseTotp(
  db: Db,
  contract: Pick<ClickContract, 'requireSms' | 'allowTotp'>,
  userId: number,
): Promise<boolean> {
  return contract.requireSms && contract.allowTotp && (await totpStatusOf(db, userId)) === 'on';
}

/**
 * Checks the app's code for a quote. Wrong codes count against the quote exactly like wrong SMS
 * codes (at most `maxAttempts`), kept as the quote's 'totp' row of sms_verifications, whose
 * verified_at then lets the confirmation pass like a verified SMS code.
 */
export async function verifyClickTotp(
  db: Db,
  input: {
    auth: AuthContext;
    quoteId: string;
    code: string;
    at: Date;
    expiresAt: Date;
    key: Buffer | null;
    maxAttempts: number;
    ip: string | null;
  },
): Promise<void> {
  const { auth, quoteId, at } = input;
  await assertTotpNotThrottled(db, auth.user.id, at);
  const refusal = await db.transaction().execute(async (trx) => {
    // One check at a time per quote, so parallel guesses cannot pass the attempts limit.
    await lockQuoteForCodeCheck(trx, quoteId);
    const row = await findTotpVerification(trx, quoteId);
    if (row?.verified_at) return null;
    if (row && row.attempts >= input.maxAttempts) return new AppError('SMS_ATTEMPTS_EXCEEDED');
    const check = await consumeTotpCode(trx, {
      userId: auth.user.id,
      code: input.code,
      at,
      key: input.key,
      state: 'on',
    });
    if (check === 'unavailable') return new AppError('SECOND_FACTOR_UNAVAILABLE');
    const accepted = check === 'accepted';
    const attempts = (row?.attempts ?? 0) + (accepted ? 0 : 1);
    const values = { attempts, verified_at: accepted ? at : null };
    if (row) {
      await updateTotpVerification(trx, row.id, values);
    } else {
      await insertTotpVerification(trx, {
        quoteId,
        userId: auth.user.id,
        at,
        expiresAt: input.expiresAt,
        ...values,
      });
    }
    if (accepted) return null;
    await writeAudit(trx, {
      actor: { id: auth.user.id, username: auth.user.username },
      impersonator: auth.impersonator,
      at,
      action: 'purchase.totp.verify',
      outcome: 'failure',
      subject: `quote:${quoteId}`,
      details: { attempts },
      ip: input.ip,
    });
    const left = input.maxAttempts - attempts;
    return left > 0
      ? new AppError('SECOND_FACTOR_INVALID', { details: { attemptsLeft: left } })
      : new AppError('SMS_ATTEMPTS_EXCEEDED');
  });
  if (refusal) throw refusal;
}
