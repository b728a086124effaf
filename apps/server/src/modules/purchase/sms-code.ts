import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/app-error';

/** At most this many wrong codes per sent code. */
export const SMS_MAX_ATTEMPTS = 3;

/** The digest kept of a sent code: SHA-256 of what it confirms (a quote's id) and the code. */
export function codeHash(quoteId: string, code: string): Buffer {
  return createHash('sha256').update(`${quoteId}:${code}`).digest();
}

/** The newest code sent, as a click's and a standing order's code tables both keep it. */
export interface SentSmsCode {
  attempts: number;
  expires_at: Date;
  /** Hex of codeHash(salt, code). */
  code_hash: string;
}

export type SmsCodeVerdict =
  | { verdict: 'refused'; error: AppError }
  | { verdict: 'match' }
  /** A wrong code: the caller stores `attempts` and answers wrongSmsCode(attempts). */
  | { verdict: 'wrong'; attempts: number };

/**
 * Judges a typed code against the newest one sent (salt: what it confirms). Used up or expired
 * codes are refused before any comparison; the comparison takes the same time whatever matches.
 */
export function judgeSmsCode(
  sent: SentSmsCode,
  salt: string,
  code: string,
  at: Date,
): SmsCodeVerdict {
  if (sent.attempts >= SMS_MAX_ATTEMPTS) {
    return { verdict: 'refused', error: new AppError('SMS_ATTEMPTS_EXCEEDED') };
  }
  if (at.getTime() >= sent.expires_at.getTime()) {
    return { verdict: 'refused', error: new AppError('SMS_CODE_EXPIRED') };
  }
  const given = codeHash(salt, code);
  const stored = Buffer.from(sent.code_hash, 'hex');
  if (stored.length === given.length && timingSafeEqual(stored, given)) return { verdict: 'match' };
  return { verdict: 'wrong', attempts: sent.attempts + 1 };
}

/** The refusal of a wrong code: how many tries are left, or none. */
export function wrongSmsCode(attempts: number): AppError {
  const left = SMS_MAX_ATTEMPTS - attempts;
  return left > 0
    ? new AppError('SMS_CODE_INVALID', { messageArgs: [left], details: { attemptsLeft: left } })
    : new AppError('SMS_ATTEMPTS_EXCEEDED');
}
