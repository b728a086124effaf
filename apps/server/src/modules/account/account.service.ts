import { randomInt } from 'node:crypto';
import {
  MOBILE_CODE_MAX_ATTEMPTS,
  MOBILE_CODE_MINUTES,
  MOBILE_CODE_RESEND_SECONDS,
  type Account,
  type Locale,
  type OwnSessions,
} from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { actorOf, writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { maskNumber, type SmsGateway } from '../../kernel/one-time-codes/sms-gateway';
import { openSessionsOf, revokeSession } from '../../kernel/sessions/sessions.repository';
import { accountRow } from './account.repository';
import {
  countMobileAttempt,
  currentMobile,
  forgetPendingMobile,
  lockPendingMobile,
  storePendingMobile,
} from './mobile.repository';
import { storeUserMobile } from '../../kernel/users/user-store';
import { describeDevice } from './device';
import { codeHash, judgeSmsCode, wrongSmsCode } from '../../kernel/one-time-codes/sms-code';

export interface AccountDeps {
  db: Db;
  sms: SmsGateway;
  now: () => Date;
  idleMinutes: number;
  /** Forgets ended sessions and tells their open browsers (terminateSession). */
  endSessions: (sessionIds: number[]) => Promise<void>;
  log: { error: (details: object, message: string) => void };
}

/** What a mobile verification's code confirms: this user takes this number. */
function mobileSalt(userId: number, mobile: string): string {
  return `${userId}:${mobile}`;
}

/** myinfo: what a signed-in user does with their own account (docs/account.md). */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  async account(auth: AuthContext): Promise<Account> {
    const row = await accountRow(this.deps.db, auth.user.id);
    const now = this.deps.now();
    const pending =
      row.pending_mobile && row.expires_at && row.sent_at && row.expires_at > now
        ? {
            mobile: row.pending_mobile,
            expiresAt: row.expires_at.toISOString(),
            resendAt: new Date(
              row.sent_at.getTime() + MOBILE_CODE_RESEND_SECONDS * 1000,
            ).toISOString(),
          }
        : null;
    return {
      username: row.username,
      name: row.name,
      email: row.email,
      role: row.role,
      locale: row.locale as Locale,
      mobile: row.mobile,
      pendingMobile: pending,
      mayChangeMobile: auth.impersonator === null,
      totp: row.totp_user_id === null ? 'off' : row.totp_enabled_at === null ? 'pending' : 'on',
    };
  }

  async sessions(auth: AuthContext): Promise<OwnSessions> {
    const { db, now, idleMinutes } = this.deps;
    const rows = await openSessionsOf(db, auth.user.id, now(), idleMinutes);
    return {
      data: rows.map((row) => ({
        id: row.id,
        current: row.id === auth.sessionId,
        device: describeDevice(row.user_agent),
        ip: row.ip,
        createdAt: row.created_at.toISOString(),
        lastUsedAt: row.last_used_at.toISOString(),
        impersonatedBy: row.impersonatedBy,
      })),
    };
  }

  /** Ends one of the user's own sessions, e.g. on a computer left signed in elsewhere. */
  async revokeSession(auth: AuthContext, sessionId: number, ip: string | null): Promise<void> {
    const { db, now } = this.deps;
    const revoked = await db.transaction().execute(async (trx) => {
      const row = await revokeSession(trx, sessionId, now(), { userId: auth.user.id });
      await writeAudit(trx, {
        ...actorOf(auth),
        at: now(),
        action: 'session.revoke',
        outcome: row ? 'success' : 'failure',
        subject: auth.user.username,
        details: row ? { sessionId } : { sessionId, reason: 'not an open session of the user' },
        ip,
      });
      return row;
    });
    // Someone else's session id says the same as an ended one: nothing to reveal.
    if (!revoked) throw new AppError('NOT_FOUND');
    await this.deps.endSessions([sessionId]);
  }

  /**
   * Sends a code to a new mobile number; the number replaces the current one only once the code
   * comes back, so SMS codes for clicks never go to a number the user does not hold.
   */
  async requestMobile(auth: AuthContext, mobile: string, ip: string | null): Promise<Account> {
    const { db, now, sms } = this.deps;
    if (auth.impersonator) throw new AppError('FORBIDDEN');
    const at = now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.transaction().execute(async (trx) => {
      const earlier = await lockPendingMobile(trx, auth.user.id);
      if (earlier && at.getTime() - earlier.sent_at.getTime() < MOBILE_CODE_RESEND_SECONDS * 1000) {
        throw new AppError('TOO_MANY_ATTEMPTS');
      }
      const values = {
        mobile,
        code_hash: codeHash(mobileSalt(auth.user.id, mobile), code).toString('hex'),
        sent_at: at,
        expires_at: new Date(at.getTime() + MOBILE_CODE_MINUTES * 60_000),
        attempts: 0,
      };
      await storePendingMobile(trx, auth.user.id, values);
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'account.mobile.code',
        outcome: 'success',
        subject: auth.user.username,
        details: { to: maskNumber(mobile) },
        ip,
      });
    });
    const text =
      auth.user.locale === 'en'
        ? `Klik: the code to confirm this mobile number is ${code}. Never share this code.`
        : `Klik: de code om dit mobiele nummer te bevestigen is ${code}. Deel deze code met niemand.`;
    try {
      await sms.send(mobile, text);
    } catch (error) {
      this.deps.log.error({ err: error }, 'SMS for a new mobile number not sent');
      await forgetPendingMobile(db, auth.user.id);
      throw new AppError('SMS_NOT_SENT');
    }
    return this.account(auth);
  }

  /** The code from the SMS: the pending number becomes the user's mobile number. */
  async verifyMobile(auth: AuthContext, code: string, ip: string | null): Promise<Account> {
    const { db, now } = this.deps;
    if (auth.impersonator) throw new AppError('FORBIDDEN');
    const at = now();
    const failure = await db.transaction().execute(async (trx) => {
      const pending = await lockPendingMobile(trx, auth.user.id);
      if (!pending) return new AppError('SMS_CODE_EXPIRED');
      const judged = judgeSmsCode(
        pending,
        mobileSalt(auth.user.id, pending.mobile),
        code,
        at,
        MOBILE_CODE_MAX_ATTEMPTS,
      );
      if (judged.verdict === 'refused') return judged.error;
      if (judged.verdict === 'wrong') {
        await countMobileAttempt(trx, auth.user.id, judged.attempts);
        return wrongSmsCode(judged.attempts, MOBILE_CODE_MAX_ATTEMPTS);
      }
      const before = await currentMobile(trx, auth.user.id);
      await storeUserMobile(trx, auth.user.id, pending.mobile);
      await forgetPendingMobile(trx, auth.user.id);
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'account.mobile.change',
        outcome: 'success',
        subject: auth.user.username,
        details: {
          before: { mobile: before ? maskNumber(before) : null },
          after: { mobile: maskNumber(pending.mobile) },
        },
        ip,
      });
      return null;
    });
    if (failure) throw failure;
    return this.account(auth);
  }

  /** Removes the mobile number (and a number waiting for its code). */
  async removeMobile(auth: AuthContext, ip: string | null): Promise<Account> {
    const { db, now } = this.deps;
    if (auth.impersonator) throw new AppError('FORBIDDEN');
    await db.transaction().execute(async (trx) => {
      const before = await currentMobile(trx, auth.user.id);
      await forgetPendingMobile(trx, auth.user.id);
      if (before === null) return;
      await storeUserMobile(trx, auth.user.id, null);
      await writeAudit(trx, {
        ...actorOf(auth),
        at: now(),
        action: 'account.mobile.remove',
        outcome: 'success',
        subject: auth.user.username,
        details: { before: { mobile: maskNumber(before) }, after: { mobile: null } },
        ip,
      });
    });
    return this.account(auth);
  }
}
