import {
  RESET_LINK_MINUTES,
  type ForgotPasswordBody,
  type Locale,
  type ResetLink,
  type ResetPasswordWithTokenBody,
  type ResetPurpose,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../kernel/http/app-error';
import { isDatabaseUnavailable } from '../../kernel/db-errors';
import { writeAudit } from '../../kernel/audit/audit-log';
import { revokeSessionsOfUsers } from '../../kernel/sessions/sessions.repository';
import type { RequestInfo } from '../../kernel/auth/auth-context';
import { hashPassword } from '../../kernel/passwords/password-hasher';
import { assertPasswordAllowed } from '../../kernel/passwords/password-policy';
import { hashSessionToken, newSessionToken } from '../../kernel/auth/session-token';
import type { MailSender } from '../mail/mail-sender';
import {
  findLiveToken,
  findUserByUsernameOrEmail,
  insertResetToken,
  voidTokensOf,
} from './password-reset.repository';
import { resetLink, resetMail } from './reset-mail';
import { admitResetRequest } from './reset-throttle';
import { linkedCustomerIds, hasOnlyInactiveCustomers } from '../../kernel/access/customer-access';
import { storeChosenPassword } from '../../kernel/users/user-store';

export interface PasswordResetDeps {
  db: Db;
  now: () => Date;
  mail: MailSender;
  publicUrl: string;
  /** Ends sessions everywhere (terminateSession to the user's open browsers). */
  endSessions: (sessionIds: number[]) => Promise<void>;
  log: { error: (details: object, message: string) => void };
}

/** A link to send once the transaction that made it has committed. */
export interface PendingLink {
  user: Pick<UserRow, 'username' | 'email' | 'locale'>;
  purpose: ResetPurpose;
  token: string;
}

function asLocale(value: string): Locale {
  return value === 'en' ? 'en' : 'nl';
}

/** Forgot password, reset password and invitations (docs/security.md). */
export class PasswordResetService {
  readonly #pending = new Set<Promise<void>>();

  constructor(private readonly deps: PasswordResetDeps) {}

  /** Resolves when every e-mail started so far has been handed over (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  #inBackground(work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'password reset mail failed'))
      .finally(() => this.#pending.delete(task));
    this.#pending.add(task);
  }

  /**
   * Answers the same whatever the account: the request does one lookup and one throttle
   * transaction on every path; the token and the e-mail are made after the answer.
   */
  async forgotPassword(body: ForgotPasswordBody, request: RequestInfo): Promise<void> {
    const { db, now } = this.deps;
    const user = await findUserByUsernameOrEmail(db, body.usernameOrEmail);
    const subject = body.usernameOrEmail.trim().toLowerCase();
    const accountKey = user ? `user:${user.id}` : `name:${subject}`;
    const admitted = await admitResetRequest(db, accountKey, request.ip, now());
    this.#inBackground(() => this.#answerRequest(user, subject, admitted, request));
  }

  async #answerRequest(
    user: UserRow | undefined,
    subject: string,
    admitted: boolean,
    request: RequestInfo,
  ): Promise<void> {
    const { db, now } = this.deps;
    const reason = !admitted
      ? 'too many requests'
      : !user
        ? 'unknown account'
        : user.disabled || (await hasOnlyInactiveCustomers(db, user.id))
          ? 'disabled'
          : !user.email
            ? 'no e-mail address'
            : null;
    const token = newSessionToken();
    // The unknown path hashes too, so both paths cost the same should anyone measure them.
    const tokenHash = hashSessionToken(token);
    await writeAudit(db, {
      at: now(),
      actor: user ? { id: user.id, username: user.username } : null,
      action: 'forgotPassword',
      outcome: reason === null ? 'success' : admitted ? 'failure' : 'refused',
      subject: user?.username ?? subject,
      details: reason === null ? {} : { reason },
      ip: request.ip,
      customerIds: user ? await linkedCustomerIds(db, user.id) : [],
    });
    if (reason !== null || !user) return;
    const at = now();
    await insertResetToken(db, {
      userId: user.id,
      tokenHash,
      purpose: 'reset',
      at,
      expiresAt: new Date(at.getTime() + RESET_LINK_MINUTES.reset * 60_000),
    });
    await this.#send({ user, purpose: 'reset', token });
  }

  /**
   * An invitation link for a user just created or re-invited, written in the caller's
   * transaction; send the answer with sendLater once it has committed.
   */
  async createInvitation(db: Db, user: PendingLink['user'] & { id: number }): Promise<PendingLink> {
    const at = this.deps.now();
    const token = newSessionToken();
    await insertResetToken(db, {
      userId: user.id,
      tokenHash: hashSessionToken(token),
      purpose: 'invitation',
      at,
      expiresAt: new Date(at.getTime() + RESET_LINK_MINUTES.invitation * 60_000),
    });
    return { user, purpose: 'invitation', token };
  }

  /** Sends a committed link without holding up the request; a failure is logged. */
  sendLater(link: PendingLink): void {
    this.#inBackground(() => this.#send(link));
  }

  async #send({ user, purpose, token }: PendingLink): Promise<void> {
    if (!user.email) return;
    await this.deps.mail.send(
      resetMail({
        to: user.email,
        locale: asLocale(user.locale),
        purpose,
        username: user.username,
        link: resetLink(this.deps.publicUrl, token),
      }),
    );
  }

  /** Whether a link still works, for the screen to say so before anything is typed. */
  async checkLink(token: string): Promise<ResetLink> {
    const live = await findLiveToken(this.deps.db, hashSessionToken(token), this.deps.now());
    if (!live) throw new AppError('RESET_LINK_INVALID');
    return {
      purpose: live.purpose,
      username: live.user.username,
      expiresAt: live.expiresAt.toISOString(),
    };
  }

  /**
   * Sets the password of the link's user: the link and any other of theirs stop working, every
   * session of theirs ends, and an initial password no longer needs changing.
   */
  async resetPassword(body: ResetPasswordWithTokenBody, request: RequestInfo): Promise<void> {
    const { db, now } = this.deps;
    const tokenHash = hashSessionToken(body.token);
    const live = await findLiveToken(db, tokenHash, now());
    if (!live) {
      await this.#auditReset(null, 'failure', { reason: 'invalid link' }, request);
      throw new AppError('RESET_LINK_INVALID');
    }
    assertPasswordAllowed(body.password, { field: 'password' });
    let ended: number[];
    try {
      const passwordHash = await hashPassword(body.password);
      ended = await db.transaction().execute(async (trx) => {
        const at = now();
        // Locked and checked again: of two resets with one link, only the first gets here.
        const still = await findLiveToken(trx, tokenHash, at, true);
        if (!still) throw new AppError('RESET_LINK_INVALID');
        await storeChosenPassword(trx, still.user.id, passwordHash);
        await voidTokensOf(trx, still.user.id, at);
        const revoked = await revokeSessionsOfUsers(trx, [still.user.id], at);
        await this.#auditReset(
          still.user,
          'success',
          { purpose: still.purpose, sessionsEnded: revoked.length },
          request,
          trx,
        );
        return revoked;
      });
    } catch (error) {
      // The database away is answered 503 DATABASE_UNAVAILABLE: nothing was changed, try again.
      if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
      this.deps.log.error({ err: error }, 'password reset failed');
      await this.#auditReset(live.user, 'failure', { reason: 'error' }, request).catch(() => {});
      throw new AppError('RESET_FAILED');
    }
    await this.deps.endSessions(ended);
  }

  async #auditReset(
    user: UserRow | null,
    outcome: 'success' | 'failure',
    details: Record<string, unknown>,
    request: RequestInfo,
    db: Db = this.deps.db,
  ): Promise<void> {
    await writeAudit(db, {
      at: this.deps.now(),
      actor: user ? { id: user.id, username: user.username } : null,
      action: 'resetPassword',
      outcome,
      subject: user?.username ?? null,
      details,
      ip: request.ip,
      customerIds: user ? await linkedCustomerIds(db, user.id) : [],
    });
  }
}

/**
 * The password hash of an invited user until they choose theirs: of 256 random bits nobody
 * knows, so the account cannot be signed in to, and a sign-in costs the same as for any other.
 */
export function inviteePasswordHash(): Promise<string> {
  return hashPassword(newSessionToken());
}
