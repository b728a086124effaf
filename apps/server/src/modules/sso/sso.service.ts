import { createHash, randomBytes } from 'node:crypto';
import {
  isCustomerSideRole,
  type LoginOAuth2Body,
  type SsoProviderList,
  type SsoStartResult,
  type UserSession,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../kernel/http/app-error';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { RequestInfo } from '../../kernel/auth/auth-context';
import type { AuthService } from '../auth/auth.service';
import type { OidcClients, VerifiedIdentity } from './oidc-client';
import type { SsoConfig, SsoProviderConfig } from '../../kernel/config/sso-config';
import {
  deleteExpiredSsoLogins,
  findServedCustomers,
  findUserByEmail,
  findUserOfIdentity,
  insertIdentity,
  insertSsoLogin,
  takeSsoLogin,
} from './sso.repository';

/** How long a user may take at their provider before the sign-in must start again. */
export const SSO_LOGIN_LIFETIME_MS = 10 * 60_000;

export interface SsoServiceDeps {
  db: Db;
  sso: SsoConfig;
  clients: OidcClients;
  auth: AuthService;
  now: () => Date;
  log: { warn: (details: object, message: string) => void };
}

/** openid-client's message, with the claim or OAuth error it names (nonce, invalid_grant). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'exchange failed';
  let named: unknown;
  // openid-client wraps oauth4webapi's error, whose cause names the claim.
  for (let cause: unknown = error.cause, depth = 0; depth < 3 && named === undefined; depth += 1) {
    if (!cause || typeof cause !== 'object') break;
    const fields = cause as Record<string, unknown>;
    named = fields.claim ?? fields.error;
    cause = fields.cause;
  }
  const text = typeof named === 'string' ? `${error.message} (${named})` : error.message;
  return text.slice(0, 200);
}

function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Why a single sign-on was refused; written to the audit log, never shown to the user. */
class SsoRefusal extends Error {
  constructor(
    readonly code: 'SSO_FAILED' | 'SSO_STATE_INVALID' | 'INVALID_CREDENTIALS',
    readonly reason: string,
    readonly facts: { provider?: string; subject?: string; user?: UserRow } = {},
  ) {
    super(reason);
  }
}

/** Single sign-on with OpenID Connect (docs/security.md, "Single sign-on"). */
export class SsoService {
  constructor(private readonly deps: SsoServiceDeps) {}

  providers(): SsoProviderList {
    const { providers, redirectUrl } = this.deps.sso;
    return { providers: providers.map(({ id, label }) => ({ id, label })), returnUrl: redirectUrl };
  }

  /**
   * Starts a sign-in: state, nonce and PKCE verifier are kept in the database under the state's
   * digest, bound to this browser by a secret in an httpOnly cookie (browserSecret), so a code
   * obtained in another browser cannot sign this one in.
   */
  async start(providerId: string | undefined, browserSecret: string): Promise<SsoStartResult> {
    const { providers } = this.deps.sso;
    const provider =
      providerId === undefined
        ? providers.length === 1
          ? providers[0]
          : undefined
        : providers.find((candidate) => candidate.id === providerId);
    if (!provider) throw new AppError(providers.length === 0 ? 'NOT_FOUND' : 'VALIDATION_FAILED');
    const now = this.deps.now();
    let authorization;
    try {
      authorization = await this.deps.clients.authorizationUrl(provider);
    } catch (error) {
      this.deps.log.warn({ err: error, provider: provider.id }, 'SSO provider not reachable');
      throw new AppError('SSO_FAILED');
    }
    await deleteExpiredSsoLogins(this.deps.db, now);
    await insertSsoLogin(this.deps.db, {
      state_hash: sha256(authorization.checks.state),
      provider: provider.id,
      nonce: authorization.checks.nonce,
      code_verifier: authorization.checks.codeVerifier,
      browser_hash: sha256(browserSecret),
      created_at: now,
      expires_at: new Date(now.getTime() + SSO_LOGIN_LIFETIME_MS),
      used_at: null,
    });
    return { authorizationUrl: authorization.url.href };
  }

  /** POST loginOAuth2: the provider's code becomes the spec's user session, or a refusal. */
  async login(
    body: LoginOAuth2Body,
    browserSecret: string | undefined,
    request: RequestInfo,
  ): Promise<UserSession> {
    try {
      const { provider, identity } = await this.verify(body, browserSecret);
      const { user, linkedByEmail, customerIds } = await this.userOf(provider, identity);
      const session = await this.deps.auth.openSession(user, null, user.read_only, request);
      await writeAudit(this.deps.db, {
        at: this.deps.now(),
        actor: { id: user.id, username: user.username },
        action: 'login',
        outcome: 'success',
        subject: user.username,
        details: {
          method: 'sso',
          provider: provider.id,
          linkedByEmail,
          // The spec's code alone: nothing tied it to this browser (docs/security.md).
          ...(body.state === undefined ? { withoutState: true } : {}),
        },
        ip: request.ip,
        customerIds,
      });
      return session;
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      // A state that names no sign-in is junk or a replay of a spent one: nothing to attribute.
      if (error.facts.provider !== undefined) await this.auditRefusal(error, request);
      throw new AppError(error.code);
    }
  }

  private async auditRefusal(error: SsoRefusal, request: RequestInfo): Promise<void> {
    const { user, provider, subject } = error.facts;
    await writeAudit(this.deps.db, {
      at: this.deps.now(),
      actor: user ? { id: user.id, username: user.username } : null,
      action: 'login',
      outcome: 'failure',
      subject: user?.username ?? subject ?? null,
      details: { method: 'sso', provider: provider ?? null, reason: error.reason },
      ip: request.ip,
    });
  }

  private async verify(
    body: LoginOAuth2Body,
    browserSecret: string | undefined,
  ): Promise<{ provider: SsoProviderConfig; identity: VerifiedIdentity }> {
    if (body.state === undefined) return this.verifyCodeAlone(body);
    const now = this.deps.now();
    const login = await takeSsoLogin(this.deps.db, sha256(body.state), now);
    // The state checks have their own code: the user can do something about it (start again, in
    // this window, at the address the provider sends back to), unlike a provider that is down.
    if (!login) throw new SsoRefusal('SSO_STATE_INVALID', 'unknown or used state');
    const facts = { provider: login.provider };
    if (login.expires_at.getTime() <= now.getTime()) {
      throw new SsoRefusal('SSO_STATE_INVALID', 'state expired', facts);
    }
    if (browserSecret === undefined || sha256(browserSecret) !== login.browser_hash) {
      throw new SsoRefusal('SSO_STATE_INVALID', 'started in another browser', facts);
    }
    const provider = this.deps.sso.providers.find((candidate) => candidate.id === login.provider);
    if (!provider) throw new SsoRefusal('SSO_FAILED', 'provider no longer configured', facts);
    try {
      const identity = await this.deps.clients.exchange(provider, body, {
        state: body.state,
        nonce: login.nonce,
        codeVerifier: login.code_verifier,
      });
      return { provider, identity };
    } catch (error) {
      // The provider's or openid-client's words (invalid_grant, nonce mismatch, ...) go to the
      // log and the audit; the browser only learns that it did not work.
      this.deps.log.warn({ err: error, provider: provider.id }, 'SSO code exchange refused');
      throw new SsoRefusal('SSO_FAILED', `exchange refused: ${describe(error)}`, facts);
    }
  }

  /**
   * The spec's body {code} alone: exchanged at the one provider configured to take it
   * (SSO_<ID>_ALLOW_CODE_WITHOUT_STATE), with nothing binding it to a sign-in of this browser.
   * Without such a provider it is a state check that failed: there is no state.
   */
  private async verifyCodeAlone(
    body: LoginOAuth2Body,
  ): Promise<{ provider: SsoProviderConfig; identity: VerifiedIdentity }> {
    const provider = this.deps.sso.providers.find((candidate) => candidate.codeWithoutState);
    if (!provider) throw new SsoRefusal('SSO_STATE_INVALID', 'no state');
    const facts = { provider: provider.id };
    try {
      const identity = await this.deps.clients.exchange(provider, body, null);
      return { provider, identity };
    } catch (error) {
      this.deps.log.warn({ err: error, provider: provider.id }, 'SSO code exchange refused');
      throw new SsoRefusal('SSO_FAILED', `exchange refused: ${describe(error)}`, facts);
    }
  }

  /**
   * The Klik user of a verified identity: its stored link, or on a first sign-in the user with
   * the same verified e-mail when linking by e-mail is allowed. The user must be active and
   * served by this provider (one of its active customers, or staff of a staff provider).
   */
  private async userOf(
    provider: SsoProviderConfig,
    identity: VerifiedIdentity,
  ): Promise<{ user: UserRow; linkedByEmail: boolean; customerIds: number[] }> {
    const { db } = this.deps;
    const subject = `${identity.issuer} ${identity.subject}`;
    let user = await findUserOfIdentity(db, identity.issuer, identity.subject);
    let linkedByEmail = false;
    if (!user && identity.emailVerified && identity.email !== null) {
      const candidate = await findUserByEmail(db, identity.email);
      if (candidate && !candidate.disabled && (await this.mayLinkByEmail(provider, candidate))) {
        await insertIdentity(db, { ...identity, userId: candidate.id, now: this.deps.now() });
        user = await findUserOfIdentity(db, identity.issuer, identity.subject);
        linkedByEmail = user?.id === candidate.id;
      }
    }
    const facts = { provider: provider.id, subject };
    if (!user) throw new SsoRefusal('INVALID_CREDENTIALS', 'no linked user', facts);
    const refuse = (reason: string) =>
      new SsoRefusal('INVALID_CREDENTIALS', reason, { ...facts, user });
    if (user.disabled) throw refuse('disabled');
    if (!isCustomerSideRole(user.role)) {
      if (!provider.staff) throw refuse('staff not served by provider');
      return { user, linkedByEmail, customerIds: [] };
    }
    const served = await findServedCustomers(db, user.id, provider.customerIds);
    if (served.length === 0) throw refuse('no active customer served by provider');
    return { user, linkedByEmail, customerIds: served.map((customer) => customer.id) };
  }

  private async mayLinkByEmail(provider: SsoProviderConfig, user: UserRow): Promise<boolean> {
    if (!isCustomerSideRole(user.role)) return provider.staff;
    const served = await findServedCustomers(this.deps.db, user.id, provider.customerIds);
    return served.some((customer) => customer.linkByEmail);
  }
}

/** 256 random bits: the secret of the browser a sign-in was started in. */
export function newBrowserSecret(): string {
  return randomBytes(32).toString('base64url');
}
