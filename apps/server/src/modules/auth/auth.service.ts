import {
  isStaffRole,
  isCustomerSideRole,
  principalOf,
  reachOf,
  type ChangePasswordBody,
  type LiftLoginThrottleBody,
  type LiftLoginThrottleResult,
  type Locale,
  type UserSession,
} from '@klik/api';
import type { Config } from '../../kernel/config/config';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../kernel/http/app-error';
import { consumeTotpCode, totpStatusOf } from '../../kernel/one-time-codes/totp.repository';
import { writeAudit } from '../../kernel/audit/audit-log';
import { findAllowedCustomers, findUserByUsername } from './auth.repository';
import type { AuthContext, RequestInfo } from '../../kernel/auth/auth-context';
import {
  findSessionByTokenHash,
  findSessionWithUsers,
  insertSession,
  revokeSession,
  revokeSessionsOfUsers,
  touchSession,
} from '../../kernel/sessions/sessions.repository';
import { SessionCache } from './session-cache';
import { LoginThrottle, usernameKeyOf } from './login-throttle';
import { hashPassword, verifyPassword } from '../../kernel/passwords/password-hasher';
import { assertPasswordAllowed } from '../../kernel/passwords/password-policy';
import { hashSessionToken, newSessionToken } from '../../kernel/auth/session-token';
import { linkedCustomerIds, hasOnlyInactiveCustomers } from '../../kernel/access/customer-access';
import { findUserById, storeChosenPassword, storeUserLocale } from '../../kernel/users/user-store';
import { hasSessionExpired } from '../../kernel/sessions/session-open';

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  now: () => Date;
  delay: (ms: number) => Promise<void>;
  /** Told of every session that ended, so every instance closes its websockets. */
  onSessionsEnded?: (sessionIds: number[], reason?: 'LOGOUT' | 'TERMINATED') => Promise<void>;
}

// Writing on every request would turn reads into writes; a minute's precision is enough.
const TOUCH_INTERVAL_MS = 60_000;

function asLocale(value: string): Locale {
  return value === 'en' ? 'en' : 'nl';
}

export class AuthService {
  private readonly throttle: LoginThrottle;
  readonly #sessions: SessionCache;

  constructor(private readonly deps: AuthServiceDeps) {
    this.throttle = new LoginThrottle(deps.db, deps.config.loginThrottle);
    this.#sessions = new SessionCache(deps.config.session.cacheSeconds * 1000);
  }

  /** Sessions that ended elsewhere (another instance, an admin) must not be served from memory. */
  forgetSessions(sessionIds: readonly number[]): void {
    this.#sessions.forgetSessions(sessionIds);
  }

  /**
   * Sessions another module ended (a deactivated user or customer): forgotten here at once and
   * announced, so every instance forgets them and their websockets get terminateSession.
   */
  async sessionsEnded(sessionIds: readonly number[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.#sessions.forgetSessions(sessionIds);
    await this.deps.onSessionsEnded?.([...sessionIds], 'TERMINATED');
  }

  /** A new session for a user whose identity was proved (password, single sign-on, login-as). */
  async openSession(
    user: UserRow,
    impersonator: UserRow | null,
    readOnly: boolean,
    request: RequestInfo,
    secondFactorPending = false,
  ): Promise<UserSession> {
    const now = this.deps.now();
    const token = newSessionToken();
    await insertSession(this.deps.db, {
      tokenHash: hashSessionToken(token),
      userId: user.id,
      impersonatorUserId: impersonator?.id ?? null,
      readOnly,
      now,
      absoluteExpiresAt: new Date(
        now.getTime() + this.deps.config.session.absoluteHours * 3_600_000,
      ),
      ip: request.ip,
      userAgent: request.userAgent,
      secondFactorPending,
    });
    // Admins reach every customer through the admin screens and login-as, so their session does
    // not carry the whole customer base; an account manager's carries their portfolio (decision
    // 007).
    const allowedCustomers =
      user.role === 'admin' ? [] : await findAllowedCustomers(this.deps.db, user.id);
    return {
      token,
      username: user.username,
      role: user.role,
      name: user.name,
      locale: asLocale(user.locale),
      readOnly,
      allowTPIPage: user.allow_tpi_page,
      allowedCustomers,
      impersonatedBy: impersonator?.username ?? null,
      mustChangePassword: impersonator === null && user.must_change_password,
      manageUsers: user.role === 'customer' && user.manage_users,
      ...(secondFactorPending ? { secondFactorSetupRequired: true } : {}),
    };
  }

  async login(
    username: string,
    password: string,
    request: RequestInfo,
    totpCode?: string,
  ): Promise<UserSession> {
    const { db, now } = this.deps;
    const usernameKey = usernameKeyOf(username);
    const decision = await this.throttle.admit(usernameKey, request.ip, now());
    if (decision.kind === 'refuse') {
      await writeAudit(db, {
        at: now(),
        action: 'login',
        outcome: 'refused',
        subject: usernameKey,
        details: { reason: 'too many attempts', retryAfterSeconds: decision.retryAfterSeconds },
        ip: request.ip,
      });
      throw new AppError('TOO_MANY_ATTEMPTS', {
        retryAfterSeconds: decision.retryAfterSeconds,
        messageArgs: [decision.retryAfterSeconds],
      });
    }
    if (decision.delayMs > 0) await this.deps.delay(decision.delayMs);

    const user = await findUserByUsername(db, usernameKey);
    const passwordMatches = await verifyPassword(user?.password_hash ?? null, password);
    const customerGone =
      user !== undefined &&
      passwordMatches &&
      isCustomerSideRole(user.role) &&
      (await hasOnlyInactiveCustomers(db, user.id));
    const passed = user !== undefined && passwordMatches && !user.disabled && !customerGone;
    const secondFactor = passed ? await this.#secondFactor(user, totpCode) : 'none';
    // A missing or wrong code counts like a wrong password, so codes cannot be guessed faster.
    const ok = passed && secondFactor !== 'missing' && secondFactor !== 'invalid';
    await this.throttle.settle(decision.attempt, ok);
    // The user's customers: what an account manager sees of the log is about their portfolio.
    // Asked for unknown usernames too (id 0 has none), so timing tells nothing.
    const customerIds = await linkedCustomerIds(db, user?.id ?? 0);
    if (passed && !ok) {
      await writeAudit(db, {
        at: now(),
        actor: { id: user.id, username: user.username },
        action: 'login',
        outcome: 'failure',
        subject: usernameKey,
        details: { reason: secondFactor === 'missing' ? 'code required' : 'code wrong or used' },
        ip: request.ip,
        customerIds,
      });
      throw new AppError(
        secondFactor === 'missing' ? 'SECOND_FACTOR_REQUIRED' : 'SECOND_FACTOR_INVALID',
      );
    }
    if (!ok) {
      await writeAudit(db, {
        at: now(),
        actor: user ? { id: user.id, username: user.username } : null,
        action: 'login',
        outcome: 'failure',
        subject: usernameKey,
        details: {
          reason: user?.disabled
            ? 'disabled'
            : customerGone
              ? 'customer deactivated'
              : 'invalid credentials',
        },
        ip: request.ip,
        customerIds,
      });
      throw new AppError('INVALID_CREDENTIALS');
    }
    const session = await this.openSession(
      user,
      null,
      user.read_only,
      request,
      secondFactor === 'setup',
    );
    await writeAudit(db, {
      at: now(),
      actor: { id: user.id, username: user.username },
      action: 'login',
      outcome: 'success',
      subject: user.username,
      ...(secondFactor === 'none' ? {} : { details: { secondFactor } }),
      ip: request.ip,
      customerIds,
    });
    return session;
  }

  /**
   * ADMIN_SECOND_FACTOR=required: an administrator or account manager with an authenticator app
   * gives its code; one without gets a session that may only set the app up (docs/security.md).
   */
  async #secondFactor(
    user: UserRow,
    totpCode: string | undefined,
  ): Promise<'none' | 'accepted' | 'missing' | 'invalid' | 'setup'> {
    const { db, config, now } = this.deps;
    if (!config.secondFactor.staffRequired || !isStaffRole(user.role)) return 'none';
    if ((await totpStatusOf(db, user.id)) !== 'on') return 'setup';
    if (!totpCode) return 'missing';
    const check = await db.transaction().execute((trx) =>
      consumeTotpCode(trx, {
        userId: user.id,
        code: totpCode,
        at: now(),
        key: config.secondFactor.totpKey,
        state: 'on',
      }),
    );
    return check === 'accepted' ? 'accepted' : 'invalid';
  }

  /** An administrator lifts the sign-in throttle of an account (docs/security.md). */
  async liftLoginThrottle(
    caller: AuthContext,
    target: LiftLoginThrottleBody,
    request: RequestInfo,
  ): Promise<LiftLoginThrottleResult> {
    const usernameKey = usernameKeyOf(target.username);
    const ip = target.ip ?? null;
    const cleared = await this.throttle.lift(usernameKey, ip);
    await this.auditSuccess(caller, 'liftLoginThrottle', usernameKey, { ip, cleared }, request);
    return { cleared };
  }

  async loginAs(
    caller: AuthContext,
    targetUsername: string,
    request: RequestInfo,
  ): Promise<UserSession> {
    const { db, now } = this.deps;
    const actor = { id: caller.user.id, username: caller.user.username };
    const refuse = async (code: 'FORBIDDEN' | 'NOT_FOUND', reason: string): Promise<never> => {
      await writeAudit(db, {
        at: now(),
        actor,
        impersonator: caller.impersonator,
        action: 'loginAs',
        outcome: 'refused',
        subject: targetUsername,
        details: { reason },
        ip: request.ip,
      });
      throw new AppError(code);
    };
    const { role, manageUsers, allowTPIPage } = caller.user;
    const principal = principalOf(role, manageUsers, allowTPIPage);
    const reach = reachOf('loginAs', principal, false);
    if (caller.impersonator !== null || reach === 'none') {
      return refuse('FORBIDDEN', 'caller may not impersonate');
    }
    const target = await findUserByUsername(db, targetUsername);
    if (!target || target.disabled) return refuse('NOT_FOUND', 'unknown user');
    if (!isCustomerSideRole(target.role)) {
      return refuse('FORBIDDEN', 'target is not a customer-side user');
    }
    // A TPI consultant acts for their customers, never as another consultant.
    if (principal === 'tpiConsultant' && target.role !== 'customer') {
      return refuse('FORBIDDEN', 'target is not a customer user');
    }
    const targetCustomers = await linkedCustomerIds(db, target.id);
    if (reach === 'own') {
      // An account manager (their portfolio) or a TPI consultant (their customers) signs in only
      // as users whose every customer is their own: the session they get sees all of them.
      const own = new Set(await linkedCustomerIds(db, caller.user.id));
      if (targetCustomers.length === 0 || !targetCustomers.every((id) => own.has(id))) {
        return refuse('FORBIDDEN', "target is outside the caller's customers");
      }
    }
    if (await hasOnlyInactiveCustomers(db, target.id)) {
      return refuse('FORBIDDEN', 'customer deactivated');
    }

    const callerRow = await findUserById(db, caller.user.id);
    if (!callerRow) return refuse('FORBIDDEN', 'caller no longer exists');
    // An account manager keeps their own flag (spec section 4); a read-only consultant does not
    // gain clicking by acting as a user who may.
    const readOnly =
      role === 'accountmanager'
        ? caller.user.readOnly
        : target.read_only || (role === 'consultant' && caller.user.readOnly);
    const session = await this.openSession(target, callerRow, readOnly, request);
    await writeAudit(db, {
      at: now(),
      actor,
      action: 'loginAs',
      outcome: 'success',
      subject: target.username,
      details: { readOnly },
      ip: request.ip,
      customerIds: targetCustomers,
    });
    return session;
  }

  /** Revokes the session the token names; an unknown or spent token changes nothing. */
  async logout(token: string, request: RequestInfo): Promise<void> {
    const { db, now } = this.deps;
    const tokenHash = hashSessionToken(token);
    this.#sessions.forget(tokenHash);
    const session = await findSessionByTokenHash(db, tokenHash);
    const revoked = session ? (await revokeSession(db, session.id, now())) !== undefined : false;
    if (revoked && session) await this.deps.onSessionsEnded?.([session.id]);
    const user = session ? await findUserById(db, session.user_id) : undefined;
    const impersonator =
      session?.impersonator_user_id != null
        ? await findUserById(db, session.impersonator_user_id)
        : undefined;
    await writeAudit(db, {
      at: now(),
      actor: user ? { id: user.id, username: user.username } : null,
      impersonator: impersonator ? { id: impersonator.id, username: impersonator.username } : null,
      action: 'logout',
      outcome: revoked ? 'success' : 'failure',
      details: revoked ? {} : { reason: 'no active session for token' },
      ip: request.ip,
    });
  }

  /**
   * Resolves a token to its session, or null when it is unknown, revoked or expired. With
   * `mayUseCache` (reads only) a session read within SESSION_CACHE_SECONDS may be used again.
   */
  async authenticate(
    token: string,
    options: { mayUseCache?: boolean } = {},
  ): Promise<AuthContext | null> {
    const { db, now, config } = this.deps;
    const tokenHash = hashSessionToken(token);
    const at = now();
    let session = options.mayUseCache ? this.#sessions.get(tokenHash, at.getTime()) : undefined;
    if (!session) {
      session = await findSessionWithUsers(db, tokenHash);
      if (!session || session.revokedAt !== null) return null;
      this.#sessions.keep(tokenHash, session, at.getTime());
    }
    if (hasSessionExpired(session, at, config.session.idleMinutes)) return null;
    const { user } = session;
    if (user.disabled) return null;
    let impersonator: AuthContext['impersonator'] = null;
    if (session.impersonator !== null) {
      if (session.impersonator.disabled) return null;
      const { id, username, role } = session.impersonator;
      impersonator = { id, username, role };
    }
    if (at.getTime() - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
      await touchSession(db, session.id, at);
      this.#sessions.touched(tokenHash, at);
    }
    return {
      sessionId: session.id,
      tokenHash,
      user: {
        id: user.id,
        username: user.username,
        name: user.name,
        role: user.role,
        locale: asLocale(user.locale),
        readOnly: session.readOnly,
        allowTPIPage: user.allow_tpi_page,
        clickAuthorized: user.click_authorized,
        manageUsers: user.manage_users,
        mustChangePassword: impersonator === null && user.must_change_password,
        secondFactorPending: session.secondFactorPending,
      },
      impersonator,
    };
  }

  /**
   * The signed-in user replaces their password, also an initial one an administrator set. Their
   * other sessions end: whoever knew the old password is signed out.
   */
  async changePassword(
    auth: AuthContext,
    body: ChangePasswordBody,
    request: RequestInfo,
  ): Promise<void> {
    const { db, now } = this.deps;
    // Nobody changes a password for someone they signed in as.
    if (auth.impersonator !== null) throw new AppError('FORBIDDEN');
    // Refused before anything is checked, written or audited, as the schema refuses a length.
    assertPasswordAllowed(body.newPassword, { field: 'newPassword' });
    const user = await findUserById(db, auth.user.id);
    if (!user || !(await verifyPassword(user.password_hash, body.currentPassword))) {
      await writeAudit(db, {
        at: now(),
        actor: { id: auth.user.id, username: auth.user.username },
        action: 'changePassword',
        outcome: 'failure',
        subject: auth.user.username,
        details: { reason: 'current password wrong' },
        ip: request.ip,
      });
      throw new AppError('CURRENT_PASSWORD_WRONG');
    }
    if (body.newPassword === body.currentPassword) throw new AppError('PASSWORD_NOT_CHANGED');
    const passwordHash = await hashPassword(body.newPassword);
    const ended = await db.transaction().execute(async (trx) => {
      await storeChosenPassword(trx, user.id, passwordHash);
      // This session stays: it is the one that just proved the password.
      const revoked = await revokeSessionsOfUsers(trx, [user.id], now(), auth.sessionId);
      await writeAudit(trx, {
        at: now(),
        actor: { id: user.id, username: user.username },
        action: 'changePassword',
        outcome: 'success',
        subject: user.username,
        details: { wasInitial: user.must_change_password, sessionsEnded: revoked.length },
        ip: request.ip,
        customerIds: await linkedCustomerIds(trx, user.id),
      });
      return revoked;
    });
    this.#sessions.forget(auth.tokenHash);
    await this.sessionsEnded(ended);
  }

  async setLocale(auth: AuthContext, locale: Locale, request: RequestInfo): Promise<void> {
    await storeUserLocale(this.deps.db, auth.user.id, locale);
    await this.auditSuccess(auth, 'setLocale', auth.user.username, { locale }, request);
  }

  /** Audits what a signed-in user did, under their own name and any impersonator's. */
  private async auditSuccess(
    auth: AuthContext,
    action: string,
    subject: string,
    details: Record<string, unknown>,
    request: RequestInfo,
  ): Promise<void> {
    await writeAudit(this.deps.db, {
      at: this.deps.now(),
      actor: { id: auth.user.id, username: auth.user.username },
      impersonator: auth.impersonator,
      action,
      outcome: 'success',
      subject,
      details,
      ip: request.ip,
    });
  }
}
