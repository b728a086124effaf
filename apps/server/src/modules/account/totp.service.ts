import type { Account, TotpEnrolment } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import {
  newTotpSecret,
  sealTotpSecret,
  totpQrCode,
  totpUri,
} from '../../kernel/one-time-codes/totp';
import {
  assertTotpNotThrottled,
  consumeTotpCode,
  enableTotp,
  removeTotp,
  storeTotpSecret,
} from '../../kernel/one-time-codes/totp.repository';
import { clearSecondFactorPending } from '../../kernel/sessions/sessions.repository';
import { actorOf, writeAudit } from '../../kernel/audit/audit-log';

export interface TotpDeps {
  db: Db;
  now: () => Date;
  /** TOTP_ENCRYPTION_KEY, or null. */
  key: Buffer | null;
  /** The account answer after a change. */
  account: (auth: AuthContext) => Promise<Account>;
  /** Sessions whose cached copy must be read again (their setup requirement ended). */
  forgetSessions: (sessionIds: number[]) => void;
}

/** Setting up and removing the user's authenticator app (docs/account.md). */
export class TotpService {
  constructor(private readonly deps: TotpDeps) {}

  /**
   * A new secret, answered this once. It replaces one that was never confirmed; an app in use
   * must be removed (with its code) first, so a stolen session cannot swap it silently.
   */
  async start(auth: AuthContext): Promise<TotpEnrolment> {
    const { db, now, key } = this.deps;
    if (auth.impersonator) throw new AppError('FORBIDDEN');
    const secret = newTotpSecret();
    if (!(await storeTotpSecret(db, auth.user.id, sealTotpSecret(secret, key), now()))) {
      throw new AppError('SECOND_FACTOR_UNAVAILABLE');
    }
    const uri = totpUri(auth.user.username, secret);
    return { uri, secret, qrCode: await totpQrCode(uri) };
  }

  /** The first code from the app: the app is on from now. */
  async confirm(auth: AuthContext, code: string, ip: string | null): Promise<Account> {
    const { db, now, key } = this.deps;
    if (auth.impersonator) throw new AppError('FORBIDDEN');
    const at = now();
    await assertTotpNotThrottled(db, auth.user.id, at);
    const ended = await db.transaction().execute(async (trx) => {
      const check = await consumeTotpCode(trx, {
        userId: auth.user.id,
        code,
        at,
        key,
        state: 'pending',
      });
      if (check !== 'accepted') return check;
      await enableTotp(trx, auth.user.id, at);
      // An administrator who had to set the app up may now do everything in their sessions.
      const freed = await clearSecondFactorPending(trx, auth.user.id);
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'account.totp.enable',
        outcome: 'success',
        subject: auth.user.username,
        ip,
      });
      return freed;
    });
    await this.#refuseUnless(auth, ended, 'account.totp.enable', ip);
    if (Array.isArray(ended)) this.deps.forgetSessions(ended);
    return this.deps.account(auth);
  }

  /** Removes the app; its current code proves the user still holds it. */
  async disable(auth: AuthContext, code: string, ip: string | null): Promise<Account> {
    const { db, now, key } = this.deps;
    if (auth.impersonator) throw new AppError('FORBIDDEN');
    const at = now();
    await assertTotpNotThrottled(db, auth.user.id, at);
    const outcome = await db.transaction().execute(async (trx) => {
      const check = await consumeTotpCode(trx, {
        userId: auth.user.id,
        code,
        at,
        key,
        state: 'on',
      });
      if (check !== 'accepted') return check;
      await removeTotp(trx, auth.user.id);
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'account.totp.disable',
        outcome: 'success',
        subject: auth.user.username,
        ip,
      });
      return [];
    });
    await this.#refuseUnless(auth, outcome, 'account.totp.disable', ip);
    return this.deps.account(auth);
  }

  async #refuseUnless(
    auth: AuthContext,
    outcome: number[] | 'invalid' | 'unavailable',
    action: string,
    ip: string | null,
  ): Promise<void> {
    if (Array.isArray(outcome)) return;
    await writeAudit(this.deps.db, {
      ...actorOf(auth),
      at: this.deps.now(),
      action,
      outcome: 'failure',
      subject: auth.user.username,
      details: { reason: outcome === 'invalid' ? 'wrong or used code' : 'no app in that state' },
      ip,
    });
    throw new AppError(
      outcome === 'invalid' ? 'SECOND_FACTOR_INVALID' : 'SECOND_FACTOR_UNAVAILABLE',
    );
  }
}
