import { randomBytes, randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import {
  API_SCOPES,
  API_WRITE_SCOPES,
  apiScopeGrants,
  DEFAULT_LOCALE,
  type ApiScope,
  type OAuthError,
  type TokenResponse,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../kernel/auth/auth-context';
import type { MachineAuthenticator } from '../../kernel/auth/auth-guards';
import type { Config } from '../../kernel/config/config';
import { AppError } from '../../kernel/http/app-error';
import { secretMatches } from './api-client-secrets';
import {
  findClientByClientId,
  noteUse,
  statusOf,
  storedSigningKey,
  type StoredApiClient,
} from './api-clients.repository';
import type { ApiRateLimit } from './api-rate-limit';

/** A refusal of the token endpoint, answered in RFC 6749 5.2's shape. */
export class OAuthFailure extends Error {
  constructor(
    readonly error: OAuthError['error'],
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthFailure';
  }

  /** invalid_client is 401 (with WWW-Authenticate), every other refusal 400. */
  get status(): 400 | 401 {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}

/** A token request once its client authentication has been read (api-tokens.routes.ts). */
export interface TokenGrantRequest {
  clientId: string;
  clientSecret: string;
  grantType: string;
  scope: string | undefined;
  ip: string;
}

/** Whether an address is one of the allow-list's addresses or ranges (empty: any address). */
export function ipAllowed(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  // A dual-stack socket shows an IPv4 peer as ::ffff:a.b.c.d.
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowList) {
    const [net = '', prefix] = entry.split('/');
    const type = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(net, type);
    else list.addSubnet(net, Number(prefix), type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

interface AccessClaims {
  client_id: string;
  scope: string;
  customer_id: number;
  /** The client's secret version the token was issued under: a rotation ends older tokens. */
  ver: number;
}

/**
 * The OAuth 2.0 client credentials grant and the access tokens it issues (docs/integrations.md):
 * JWTs after RFC 9068 (typ at+jwt), HS256-signed with one key for every instance, checked with
 * jose. Every call also reads the client's row, so a revocation, rotation, expiry or
 * deactivated customer ends its tokens at the next call, on every instance.
 */
export class ApiTokensService implements MachineAuthenticator {
  #key: Promise<Uint8Array> | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      now: () => Date;
      tokens: Config['apiTokens'];
      rateLimit: ApiRateLimit;
    },
  ) {}

  get #audience(): string {
    return `${this.deps.tokens.issuer}/rest`;
  }

  /** API_TOKEN_SECRET, or the key kept in the database (made once, for the whole cluster). */
  #signingKey(): Promise<Uint8Array> {
    const { secret } = this.deps.tokens;
    this.#key ??= secret
      ? Promise.resolve(new Uint8Array(secret))
      : storedSigningKey(this.deps.db, randomBytes(32), this.deps.now()).then(
          (key) => new Uint8Array(key),
        );
    // A failed read (the database away) is tried again by the next request.
    this.#key.catch(() => {
      this.#key = null;
    });
    return this.#key;
  }

  /** The scopes granted: those asked for (each one the client's), or all the client's. */
  #grantedScopes(client: StoredApiClient, asked: string | undefined): ApiScope[] {
    if (asked === undefined || asked.trim() === '') return client.scopes;
    const wanted = [...new Set(asked.trim().split(/ +/))];
    const unknown = wanted.filter(
      (scope) =>
        !(API_SCOPES as readonly string[]).includes(scope) ||
        !apiScopeGrants(client.scopes, scope as ApiScope),
    );
    if (unknown.length > 0) {
      throw new OAuthFailure('invalid_scope', `not granted to this client: ${unknown.join(' ')}`);
    }
    return wanted as ApiScope[];
  }

  async issue(request: TokenGrantRequest): Promise<TokenResponse> {
    const { db, now, tokens } = this.deps;
    const client = await findClientByClientId(db, request.clientId);
    // The secret is checked (in constant time) whether or not the client exists.
    if (!secretMatches(request.clientSecret, client?.secretHash ?? null) || !client) {
      throw new OAuthFailure('invalid_client', 'unknown client or wrong secret');
    }
    if (request.grantType !== 'client_credentials') {
      throw new OAuthFailure('unsupported_grant_type', 'only client_credentials is supported');
    }
    const at = now();
    if (statusOf(client, at) !== 'active' || !client.customerActive) {
      throw new OAuthFailure('invalid_grant', 'the client is revoked or expired');
    }
    if (!ipAllowed(client.ipAllowList, request.ip)) {
      throw new OAuthFailure('unauthorized_client', 'not from an address this client allows');
    }
    const scopes = this.#grantedScopes(client, request.scope);
    const issuedAt = Math.floor(at.getTime() / 1000);
    const claims: AccessClaims = {
      client_id: client.clientId,
      scope: scopes.join(' '),
      customer_id: client.customerId,
      ver: client.secretVersion,
    };
    const accessToken = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(tokens.issuer)
      .setSubject(client.clientId)
      .setAudience(this.#audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + tokens.lifetimeSeconds)
      .setJti(randomUUID())
      .sign(await this.#signingKey());
    await noteUse(db, client.id, at);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: tokens.lifetimeSeconds,
      scope: claims.scope,
    };
  }

  async #claims(token: string, reply: FastifyReply): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, await this.#signingKey(), {
        issuer: this.deps.tokens.issuer,
        audience: this.#audience,
        algorithms: ['HS256'],
        typ: 'at+jwt',
        currentDate: this.deps.now(),
        requiredClaims: ['exp', 'iat', 'jti', 'sub', 'client_id', 'scope', 'customer_id', 'ver'],
      });
      const { client_id, scope, customer_id, ver } = payload;
      if (
        typeof client_id !== 'string' ||
        typeof scope !== 'string' ||
        typeof customer_id !== 'number' ||
        typeof ver !== 'number'
      ) {
        throw new Error('claims of the wrong type');
      }
      return { client_id, scope, customer_id, ver };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw invalidToken(reply);
    }
  }

  async authenticate(
    token: string,
    request: FastifyRequest,
    reply: FastifyReply,
    needed: ApiScope,
  ): Promise<AuthContext> {
    const { db, now, rateLimit } = this.deps;
    const claims = await this.#claims(token, reply);
    // Before the database is asked: the signature vouches for the client id.
    const wait = rateLimit.take(claims.client_id);
    if (wait !== null) {
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait, messageArgs: [wait] });
    }
    const client = await findClientByClientId(db, claims.client_id);
    const at = now();
    if (
      !client ||
      statusOf(client, at) !== 'active' ||
      !client.customerActive ||
      client.secretVersion !== claims.ver ||
      client.customerId !== claims.customer_id
    ) {
      throw invalidToken(reply);
    }
    if (!ipAllowed(client.ipAllowList, request.ip)) throw new AppError('IP_NOT_ALLOWED');
    // The token's scopes, as far as the client still has them.
    const scopes = claims.scope
      .split(' ')
      .filter((scope) => apiScopeGrants(client.scopes, scope as ApiScope));
    if (!apiScopeGrants(scopes, needed)) {
      reply.header('www-authenticate', `Bearer error="insufficient_scope", scope="${needed}"`);
      throw new AppError('SCOPE_NOT_GRANTED', { messageArgs: [needed] });
    }
    await noteUse(db, client.id, at);
    return {
      sessionId: 0,
      tokenHash: '',
      user: {
        id: 0,
        username: `api-client:${client.clientId}`,
        name: client.name,
        role: 'customer',
        locale: DEFAULT_LOCALE,
        readOnly: !scopes.some((scope) => API_WRITE_SCOPES.includes(scope as ApiScope)),
        allowTPIPage: false,
        clickAuthorized: false,
        manageUsers: false,
        mustChangePassword: false,
      },
      impersonator: null,
      apiClient: {
        id: client.id,
        clientId: client.clientId,
        name: client.name,
        customerId: client.customerId,
        scopes,
      },
    };
  }
}

/** RFC 6750 3.1: a token that is malformed, expired, revoked or not ours. */
function invalidToken(reply: FastifyReply): AppError {
  reply.header('www-authenticate', 'Bearer error="invalid_token"');
  return new AppError('UNAUTHENTICATED');
}
