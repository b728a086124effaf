import * as client from 'openid-client';
import type { SsoProviderConfig } from '../../kernel/config/sso-config';

/** What the portal keeps of a sign-in between sending the browser away and its return. */
export interface SsoChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The claims of a verified ID token that the portal reads. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

// A provider that does not answer within this long fails the sign-in instead of holding it.
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * The portal as an OpenID Connect relying party (openid-client): discovery once per provider,
 * the authorisation address with PKCE S256, state and nonce, and the code exchange, in which
 * openid-client checks state, issuer, audience, nonce, expiry and, with non-repudiation checks on,
 * the ID token's signature against the provider's published keys.
 */
export class OidcClients {
  readonly #configurations = new Map<string, Promise<client.Configuration>>();

  constructor(private readonly redirectUrl: string) {}

  private configuration(provider: SsoProviderConfig): Promise<client.Configuration> {
    let configuration = this.#configurations.get(provider.id);
    if (!configuration) {
      const insecure = new URL(provider.issuer).protocol === 'http:';
      configuration = client
        .discovery(
          new URL(provider.issuer),
          provider.clientId,
          undefined,
          client.ClientSecretBasic(provider.clientSecret),
          {
            timeout: PROVIDER_TIMEOUT_SECONDS,
            // Only a development provider on this machine speaks plain HTTP; production refuses
            // http issuers at start (sso-config.ts).
            execute: insecure ? [client.allowInsecureRequests] : [],
          },
        )
        .then((config) => {
          client.enableNonRepudiationChecks(config);
          config.timeout = PROVIDER_TIMEOUT_SECONDS;
          return config;
        });
      // A provider that was down is asked again next time, not remembered as failed.
      configuration.catch(() => this.#configurations.delete(provider.id));
      this.#configurations.set(provider.id, configuration);
    }
    return configuration;
  }

  async authorizationUrl(provider: SsoProviderConfig): Promise<{ url: URL; checks: SsoChecks }> {
    const config = await this.configuration(provider);
    const checks: SsoChecks = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUrl,
      response_type: 'code',
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, checks };
  }

  /**
   * Exchanges the code; throws when the provider refuses it or any check fails. Checks null: the
   * spec's code alone (SSO_<ID>_ALLOW_CODE_WITHOUT_STATE), exchanged without PKCE verifier and
   * with no state or nonce expected; the ID token's issuer, audience, expiry and signature are
   * checked all the same.
   */
  async exchange(
    provider: SsoProviderConfig,
    response: { code: string; state?: string | undefined; iss?: string | undefined },
    checks: SsoChecks | null,
  ): Promise<VerifiedIdentity> {
    const config = await this.configuration(provider);
    const callback = new URL(this.redirectUrl);
    callback.search = '';
    callback.searchParams.set('code', response.code);
    if (checks !== null) callback.searchParams.set('state', checks.state);
    // The spec's body carries no `iss` (RFC 9207). A code alone goes only to the one provider
    // configured to take it (sso-config.ts), so no other provider can have mixed one up with it.
    const iss = response.iss ?? (checks === null ? config.serverMetadata().issuer : undefined);
    if (iss !== undefined) callback.searchParams.set('iss', iss);
    const tokens = await client.authorizationCodeGrant(
      config,
      callback,
      checks === null
        ? { idTokenExpected: true }
        : {
            pkceCodeVerifier: checks.codeVerifier,
            expectedState: checks.state,
            expectedNonce: checks.nonce,
            idTokenExpected: true,
          },
    );
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    let { email, email_verified: emailVerified } = claims;
    // Many providers put the e-mail in the ID token; others (oidc-provider among them) only
    // answer it from userinfo, for the same subject.
    if (email === undefined) {
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      ({ email, email_verified: emailVerified } = userInfo);
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof email === 'string' ? email : null,
      emailVerified: emailVerified === true,
    };
  }
}
