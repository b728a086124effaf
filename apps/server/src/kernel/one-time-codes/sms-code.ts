import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../http/app-error';

/*
 * The one reading of a one-time code sent by SMS, whatever it confirms: a click (its quote), a
 * standing order being placed, a new mobile number. Each keeps the digest of its code, never the
 * code, with its expiry and the wrong tries so far, in its own table; this judges a typed code
 * against it and words the refusal.
 */

/** At most this many wrong codes per sent code (a click's or a standing order's). */
export const SMS_MAX_ATTEMPTS = 3;

/**
 * The digest kept of a sent code: SHA-256 of what it confirms (the salt: a quote's id, or the
 * user and the number being verified) and the code.
 */
export function codeHash(salt: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${code}`).digest();
}

/** The newest code sent, as every code table keeps it. */
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
  maxAttempts: number = SMS_MAX_ATTEMPTS,
): SmsCodeVerdict {
  if (sent.attempts >= maxAttempts) {
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
export function wrongSmsCode(attempts: number, maxAttempts: number = SMS_MAX_ATTEMPTS): AppError {
  const left = maxAttempts - attempts;
  return left > 0
    ? new AppError('SMS_CODE_INVALID', { messageArgs: [left], details: { attemptsLeft: left } })
    : new AppError('SMS_ATTEMPTS_EXCEEDED');
}
