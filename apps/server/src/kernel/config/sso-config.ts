/** A company's OpenID Connect provider and the Klik users it may sign in (docs/operations.md). */
export interface SsoProviderConfig {
  /** Names the provider in SSO_PROVIDERS, its variables and `?provider=`. */
  id: string;
  label: string;
  /** The issuer identifier; its discovery document is read from `<issuer>/.well-known/...`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The customers whose users it signs in. */
  customerIds: number[];
  /** Klik's own provider: it may also sign in administrators and account managers. */
  staff: boolean;
  /**
   * SSO_<ID>_ALLOW_CODE_WITHOUT_STATE: `POST loginOAuth2 {code}` alone (the spec's body) is
   * exchanged at this provider, without state, browser binding, nonce or PKCE. Off by default:
   * it opens login CSRF and code interception (docs/security.md, "The spec's form").
   */
  codeWithoutState: boolean;
}

export interface SsoConfig {
  /** The portal's `/sso` address (default `<PUBLIC_URL>/sso`), registered with every provider. */
  redirectUrl: string;
  providers: SsoProviderConfig[];
}

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

/** SSO_ACME_ISSUER for provider `acme`. */
export function ssoVariable(id: string, name: string): string {
  return `SSO_${id.toUpperCase().replaceAll('-', '_')}_${name}`;
}

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Reads SSO_PROVIDERS and each provider's variables. Providers are variables per id rather than
 * one JSON value, so each client secret can come from a secret store of its own.
 */
export function readSsoConfig(
  env: Record<string, string | undefined>,
  publicUrl: string,
): { sso: SsoConfig; problems: string[] } {
  const problems: string[] = [];
  const read = (name: string) => env[name]?.trim() ?? '';
  const redirectUrl = read('SSO_REDIRECT_URL') || `${publicUrl}/sso`;
  if (!httpUrl(redirectUrl)) problems.push('SSO_REDIRECT_URL: must start with http:// or https://');

  const ids = read('SSO_PROVIDERS')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const providers: SsoProviderConfig[] = [];
  for (const id of ids) {
    if (!ID_PATTERN.test(id)) {
      problems.push(`SSO_PROVIDERS: "${id}" must be 1 to 40 lower-case letters, digits or "-"`);
      continue;
    }
    if (providers.some((provider) => provider.id === id)) {
      problems.push(`SSO_PROVIDERS: "${id}" is named twice`);
      continue;
    }
    const variable = (name: string) => ssoVariable(id, name);
    const issuer = read(variable('ISSUER'));
    const clientId = read(variable('CLIENT_ID'));
    const clientSecret = read(variable('CLIENT_SECRET'));
    if (!httpUrl(issuer)) problems.push(`${variable('ISSUER')}: required, an http(s) URL`);
    // Tokens and the client secret must not cross a network in the clear.
    else if (env.NODE_ENV === 'production' && new URL(issuer).protocol !== 'https:') {
      problems.push(`${variable('ISSUER')}: must start with https:// with NODE_ENV=production`);
    }
    if (clientId === '') problems.push(`${variable('CLIENT_ID')}: required`);
    if (clientSecret === '') problems.push(`${variable('CLIENT_SECRET')}: required`);
    const customerIds: number[] = [];
    for (const part of read(variable('CUSTOMERS')).split(',')) {
      const value = part.trim();
      if (value === '') continue;
      if (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647) {
        customerIds.push(Number(value));
      } else {
        problems.push(`${variable('CUSTOMERS')}: "${value}" is not a customer id`);
      }
    }
    const flag = (name: string): boolean => {
      const word = read(variable(name)).toLowerCase();
      if (word !== '' && !TRUE_WORDS.includes(word) && !FALSE_WORDS.includes(word)) {
        problems.push(`${variable(name)}: expected true or false, got "${word}"`);
      }
      return TRUE_WORDS.includes(word);
    };
    const staff = flag('STAFF');
    const codeWithoutState = flag('ALLOW_CODE_WITHOUT_STATE');
    // A code alone names no sign-in, so it names no provider either: only one may take it.
    const other = providers.find((provider) => provider.codeWithoutState);
    if (codeWithoutState && other) {
      problems.push(
        `${variable('ALLOW_CODE_WITHOUT_STATE')}: only one provider may take a code without state; ` +
          `${ssoVariable(other.id, 'ALLOW_CODE_WITHOUT_STATE')} is set too`,
      );
    }
    if (customerIds.length === 0 && !staff) {
      problems.push(`${variable('CUSTOMERS')}: required unless ${variable('STAFF')} is true`);
    }
    providers.push({
      id,
      label: read(variable('LABEL')) || id,
      issuer,
      clientId,
      clientSecret,
      customerIds,
      staff,
      codeWithoutState,
    });
  }
  return { sso: { redirectUrl, providers }, problems };
}

/**
 * KLIK_SSO_URL as an absolute address: the web sends the browser straight to the provider with it
 * and posts the spec's {code} alone on return, never calling sso/start. That works only with the
 * provider that takes a code without state, and only when the address asks that provider for a
 * code for Klik's client and /sso; anything else would fail at every sign-in, so the start
 * refuses it here, naming the variable.
 */
export function ssoUrlProblems(ssourl: string | undefined | null, sso: SsoConfig): string[] {
  if (!ssourl || !/^[a-z][a-z0-9+.-]*:/i.test(ssourl)) return [];
  const name = 'KLIK_SSO_URL';
  if (!httpUrl(ssourl)) return [`${name}: an absolute address must start with http:// or https://`];
  const provider = sso.providers.find((candidate) => candidate.codeWithoutState);
  if (!provider) {
    return [
      `${name}: an absolute address sends the browser to the provider without Klik's state and ` +
        'PKCE, so no sign-in could be checked; leave it unset (/loginoauth, the safe flow), or set ' +
        'SSO_<ID>_ALLOW_CODE_WITHOUT_STATE=true for that provider (docs/security.md)',
    ];
  }
  const query = new URL(ssourl).searchParams;
  const problems: string[] = [];
  const requireParameter = (parameter: string, value: string) => {
    if (query.get(parameter) !== value) {
      problems.push(
        `${name}: needs ${parameter}=${value} in its query (got ${query.get(parameter) ?? 'none'})`,
      );
    }
  };
  requireParameter('client_id', provider.clientId);
  requireParameter('response_type', 'code');
  requireParameter('redirect_uri', sso.redirectUrl);
  if (!(query.get('scope') ?? '').split(' ').includes('openid')) {
    problems.push(`${name}: needs a scope with openid in its query, for an ID token`);
  }
  for (const parameter of ['nonce', 'code_challenge']) {
    if (query.has(parameter)) {
      problems.push(`${name}: must not carry ${parameter}: nothing could check it on the return`);
    }
  }
  return problems;
}
