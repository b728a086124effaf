import {
  isAdminRole,
  type LiftLoginThrottleBody,
  type LiftLoginThrottleResult,
  type Locale,
  type Role,
  type UserSession,
} from '@klik/api';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import {
  findAllowedCustomers,
  findSessionByTokenHash,
  findSessionWithUsers,
  findUserById,
  findUserByUsername,
  insertSession,
  revokeSession,
  touchSession,
  updateUserLocale,
} from './auth.repository';
import { SessionCache } from './session-cache';
import { LoginThrottle, usernameKeyOf } from './login-throttle';
import { verifyPassword } from './password-hasher';
import { hashSessionToken, newSessionToken } from './session-token';

/** Who is behind a request, resolved from its session token. */
export interface AuthContext {
  sessionId: number;
  tokenHash: string;
  user: {
    id: number;
    username: string;
    name: string;
    role: Role;
    locale: Locale;
    /** The session's effective flag: an impersonating account manager keeps their own. */
    readOnly: boolean;
    allowTPIPage: boolean;
    clickAuthorized: boolean;
  };
  impersonator: { id: number; username: string; role: Role } | null;
}

export interface RequestInfo {
  ip: string;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  now: () => Date;
  delay: (ms: number) => Promise<void>;
  /** Told of every session that ended, so every instance closes its websockets. */
  onSessionsEnded?: (sessionIds: number[]) => Promise<void>;
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

  private async openSession(
    user: UserRow,
    impersonator: UserRow | null,
    readOnly: boolean,
    request: RequestInfo,
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
    });
    // Admins and account managers reach every customer through the admin screens and
    // login-as, so their session does not carry the whole customer base.
    const allowedCustomers = isAdminRole(user.role)
      ? []
      : await findAllowedCustomers(this.deps.db, user.id);
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
    };
  }

  async login(username: string, password: string, request: RequestInfo): Promise<UserSession> {
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
    const ok = user !== undefined && passwordMatches && !user.disabled;
    await this.throttle.settle(decision.attempt, ok);
    if (!ok) {
      await writeAudit(db, {
        at: now(),
        actor: user ? { id: user.id, username: user.username } : null,
        action: 'login',
        outcome: 'failure',
        subject: usernameKey,
        details: { reason: user?.disabled ? 'disabled' : 'invalid credentials' },
        ip: request.ip,
      });
      throw new AppError('INVALID_CREDENTIALS');
    }
    const session = await this.openSession(user, null, user.read_only, request);
    await writeAudit(db, {
      at: now(),
      actor: { id: user.id, username: user.username },
      action: 'login',
      outcome: 'success',
      subject: user.username,
      ip: request.ip,
    });
    return session;
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
    if (caller.impersonator !== null || !isAdminRole(caller.user.role)) {
      return refuse('FORBIDDEN', 'caller may not impersonate');
    }
    const target = await findUserByUsername(db, targetUsername);
    if (!target || target.disabled) return refuse('NOT_FOUND', 'unknown user');
    if (isAdminRole(target.role)) return refuse('FORBIDDEN', 'target is not a customer-side user');

    const callerRow = await findUserById(db, caller.user.id);
    if (!callerRow) return refuse('FORBIDDEN', 'caller no longer exists');
    const readOnly =
      caller.user.role === 'accountmanager' ? caller.user.readOnly : target.read_only;
    const session = await this.openSession(target, callerRow, readOnly, request);
    await writeAudit(db, {
      at: now(),
      actor,
      action: 'loginAs',
      outcome: 'success',
      subject: target.username,
      details: { readOnly },
      ip: request.ip,
    });
    return session;
  }

  /** Revokes the session the token names; an unknown or spent token changes nothing. */
  async logout(token: string, request: RequestInfo): Promise<void> {
    const { db, now } = this.deps;
    const tokenHash = hashSessionToken(token);
    this.#sessions.forget(tokenHash);
    const session = await findSessionByTokenHash(db, tokenHash);
    const revoked = session ? await revokeSession(db, session.id, now()) : false;
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
    const idleDeadline = session.lastUsedAt.getTime() + config.session.idleMinutes * 60_000;
    if (at.getTime() >= session.absoluteExpiresAt.getTime() || at.getTime() >= idleDeadline) {
      return null;
    }
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
      },
      impersonator,
    };
  }

  async setLocale(auth: AuthContext, locale: Locale, request: RequestInfo): Promise<void> {
    await updateUserLocale(this.deps.db, auth.user.id, locale);
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
