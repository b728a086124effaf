import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsSent } from '@klik/api';
import type { Db } from '../../db/database';
import { actorOf, writeAudit } from '../audit/audit-log';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../http/app-error';
import { findPhoneOf } from '../users/user-store';
import { maskNumber, type SmsGateway } from './sms-gateway';

/*
 * The one reading of a one-time code sent by SMS, whatever it confirms: a click (its quote), a
 * standing order being placed, a new mobile number. Each keeps the digest of its code, never the
 * code, with its expiry and the wrong tries so far, in its own table; this judges a typed code
 * against it and words the refusal.
 *
 * A code that confirms a second factor (a click, a standing order being placed) is also sent and
 * checked here, once: sendSmsCode and checkSmsCode. The kernel owns none of the code tables, so
 * the caller hands in its table's SQL (SmsCodeTable).
 */

/** At most this many wrong codes per sent code (a click's or a standing order's). */
export const SMS_MAX_ATTEMPTS = 3;
/** How long a sent second-factor code holds (a click's never beyond its quote). */
export const SMS_CODE_LIFETIME_MS = 5 * 60_000;
/**
 * At most this many second-factor codes are sent for what they confirm (a quote; a user's orders
 * in an hour), so a phone cannot be flooded.
 */
export const SMS_MAX_CODES_SENT = 5;

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

/** The text of a confirmation code's SMS in the user's language. */
function confirmationSmsText(locale: string, code: string): string {
  return locale === 'en'
    ? `Klik: your confirmation code is ${code}. Never share this code.`
    : `Klik: uw bevestigingscode is ${code}. Deel deze code met niemand.`;
}

/** A new 6-digit confirmation code. */
function newConfirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The user's mobile number and language; refused when there is no number to text. */
async function phoneOf(db: Db, userId: number): Promise<{ mobile: string; locale: string }> {
  const user = await findPhoneOf(db, userId);
  if (!user.mobile) throw new AppError('SMS_NO_MOBILE_NUMBER');
  return { mobile: user.mobile, locale: user.locale };
}

/** The newest second-factor code as its table keeps it. */
export interface KeptSmsCode extends SentSmsCode {
  id: number;
  /** What the code confirms: the salt of its digest. */
  salt: string;
  /** Whether it was confirmed already (a click's verified, an order's spent). */
  confirmed: boolean;
}

/**
 * A table of second-factor codes, written by its owner: a module hands its SQL in, for the codes
 * of one thing confirmed (a quote; a user's orders for a customer).
 */
export interface SmsCodeTable {
  /** How many codes sent count against SMS_MAX_CODES_SENT at `at`. */
  countSent(db: Db, at: Date): Promise<number>;
  /** Keeps a new code: the hex of codeHash(salt, code), and when it was sent and expires. */
  keep(db: Db, code: { salt: string; codeHash: string; at: Date; expiresAt: Date }): Promise<void>;
  /** The newest code sent, locked for the transaction; undefined when none was. */
  newest(trx: Db): Promise<KeptSmsCode | undefined>;
  /** A right code: marks it confirmed at `at`. */
  confirm(trx: Db, id: number, at: Date): Promise<void>;
  /** A wrong code: stores the wrong tries so far. */
  countWrong(trx: Db, id: number, attempts: number): Promise<void>;
}

export interface SmsCodeDeps {
  db: Db;
  sms: SmsGateway;
  log: { error: (details: object, message: string) => void };
}

/** What the audit log records of a code sent, or of a wrong one given. */
export interface SmsCodeAudit {
  action: string;
  subject: string;
  customerIds?: readonly number[];
}

/**
 * Texts a new second-factor code to the user's mobile number in their language and answers what
 * the screen says of it. Refused without a number (SMS_NO_MOBILE_NUMBER) or once
 * SMS_MAX_CODES_SENT were sent (SMS_ATTEMPTS_EXCEEDED); the code holds SMS_CODE_LIFETIME_MS but
 * never beyond `notAfter`; a gateway failure is logged and refused (SMS_NOT_SENT); a code sent is
 * audited.
 */
export async function sendSmsCode(
  deps: SmsCodeDeps,
  auth: AuthContext,
  input: {
    table: SmsCodeTable;
    /** What the code confirms (codeHash). */
    salt: string;
    at: Date;
    notAfter?: Date;
    audit: SmsCodeAudit;
    ip: string | null;
  },
): Promise<SmsSent> {
  const { db } = deps;
  const { table, salt, at } = input;
  const phone = await phoneOf(db, auth.user.id);
  if ((await table.countSent(db, at)) >= SMS_MAX_CODES_SENT) {
    throw new AppError('SMS_ATTEMPTS_EXCEEDED');
  }
  const code = newConfirmationCode();
  const expiresAt = new Date(
    Math.min(at.getTime() + SMS_CODE_LIFETIME_MS, input.notAfter?.getTime() ?? Infinity),
  );
  await table.keep(db, { salt, codeHash: codeHash(salt, code).toString('hex'), at, expiresAt });
  try {
    await deps.sms.send(phone.mobile, confirmationSmsText(phone.locale, code));
  } catch (error) {
    deps.log.error({ err: error }, 'SMS not sent');
    throw new AppError('SMS_NOT_SENT');
  }
  const sentTo = maskNumber(phone.mobile);
  await writeAudit(db, {
    ...actorOf(auth),
    ...input.audit,
    at,
    outcome: 'success',
    details: { to: sentTo },
    ip: input.ip,
  });
  return { sentTo, expiresAt: expiresAt.toISOString(), attemptsLeft: SMS_MAX_ATTEMPTS };
}

/**
 * Checks a typed second-factor code against the newest one sent, in a transaction of its own, so
 * that a wrong code stays counted (and audited) when the caller's refusal undoes its own work.
 * Refused without a code sent or given (SMS_REQUIRED), or as judgeSmsCode words it. A code once
 * confirmed confirms again where it may be `reused` (a quote's, for its one click); otherwise it
 * was spent (an order's) and another is required.
 */
export async function checkSmsCode(
  db: Db,
  auth: AuthContext,
  input: {
    table: SmsCodeTable;
    code: string | undefined;
    reused: boolean;
    at: Date;
    audit: SmsCodeAudit;
    ip: string | null;
  },
): Promise<void> {
  const { table, code, at } = input;
  const refusal = await db.transaction().execute(async (trx) => {
    const latest = await table.newest(trx);
    if (!latest) return new AppError('SMS_REQUIRED');
    if (latest.confirmed) return input.reused ? null : new AppError('SMS_REQUIRED');
    if (code === undefined) return new AppError('SMS_REQUIRED');
    const judged = judgeSmsCode(latest, latest.salt, code, at);
    if (judged.verdict === 'refused') return judged.error;
    if (judged.verdict === 'match') {
      await table.confirm(trx, latest.id, at);
      return null;
    }
    const { attempts } = judged;
    await table.countWrong(trx, latest.id, attempts);
    await writeAudit(trx, {
      ...actorOf(auth),
      ...input.audit,
      at,
      outcome: 'failure',
      details: { attempts },
      ip: input.ip,
    });
    return wrongSmsCode(attempts);
  });
  if (refusal) throw refusal;
}
