import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { readSsoConfig } from './sso-config';

const ACME = {
  SSO_PROVIDERS: 'acme, globex',
  SSO_ACME_ISSUER: 'https://login.acme.example',
  SSO_ACME_CLIENT_ID: 'klik',
  SSO_ACME_CLIENT_SECRET: 'acme-secret',
  SSO_ACME_CUSTOMERS: '3, 4',
  SSO_ACME_LABEL: 'Acme Corp',
  SSO_GLOBEX_ISSUER: 'https://id.globex.example/realms/staff',
  SSO_GLOBEX_CLIENT_ID: 'klik-portal',
  SSO_GLOBEX_CLIENT_SECRET: 'globex-secret',
  SSO_GLOBEX_STAFF: 'yes',
};

/** What loadConfig refuses in this environment; none when it accepts it. */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return error instanceof ConfigError ? error.problems : [String(error)];
  }
}

describe('single sign-on configuration', () => {
  it('reads every provider from its own variables', () => {
    const { sso, problems } = readSsoConfig(ACME, 'http://localhost:3000');
    expect(problems).toEqual([]);
    expect(sso).toEqual({
      redirectUrl: 'http://localhost:3000/sso',
      providers: [
        {
          id: 'acme',
          label: 'Acme Corp',
          issuer: 'https://login.acme.example',
          clientId: 'klik',
          clientSecret: 'acme-secret',
          customerIds: [3, 4],
          staff: false,
          codeWithoutState: false,
        },
        {
          id: 'globex',
          label: 'globex',
          issuer: 'https://id.globex.example/realms/staff',
          clientId: 'klik-portal',
          clientSecret: 'globex-secret',
          customerIds: [],
          staff: true,
          codeWithoutState: false,
        },
      ],
    });
  });

  it('sends the browser back to PUBLIC_URL/sso unless SSO_REDIRECT_URL names another address', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://klik.example/' }).sso.redirectUrl).toBe(
      'https://klik.example/sso',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'https://klik.example', SSO_REDIRECT_URL: 'https://sso.klik/sso' })
        .sso.redirectUrl,
    ).toBe('https://sso.klik/sso');
  });

  it('makes the web entry point the ssourl once a provider exists, unless KLIK_SSO_URL says else', () => {
    expect(loadConfig({}).web.ssourl).toBeNull();
    expect(loadConfig(ACME).web.ssourl).toBe('/loginoauth');
    expect(loadConfig({ ...ACME, KLIK_SSO_URL: '/elsewhere' }).web.ssourl).toBe('/elsewhere');
  });

  it('takes a code without state only for the one provider that says so, off by default', () => {
    const read = (env: Record<string, string>) => readSsoConfig({ ...ACME, ...env }, 'http://x');
    expect(read({}).sso.providers.map((provider) => provider.codeWithoutState)).toEqual([
      false,
      false,
    ]);
    const one = read({ SSO_GLOBEX_ALLOW_CODE_WITHOUT_STATE: 'true' });
    expect(one.problems).toEqual([]);
    expect(one.sso.providers.map((provider) => provider.codeWithoutState)).toEqual([false, true]);
    expect(read({ SSO_ACME_ALLOW_CODE_WITHOUT_STATE: 'perhaps' }).problems).toEqual([
      'SSO_ACME_ALLOW_CODE_WITHOUT_STATE: expected true or false, got "perhaps"',
    ]);
    expect(
      read({ SSO_ACME_ALLOW_CODE_WITHOUT_STATE: 'yes', SSO_GLOBEX_ALLOW_CODE_WITHOUT_STATE: '1' })
        .problems,
    ).toEqual([
      'SSO_GLOBEX_ALLOW_CODE_WITHOUT_STATE: only one provider may take a code without state; ' +
        'SSO_ACME_ALLOW_CODE_WITHOUT_STATE is set too',
    ]);
  });

  it('refuses an absolute KLIK_SSO_URL that could not sign anyone in, naming it', () => {
    const authorize = (query: Record<string, string>) =>
      `https://login.acme.example/auth?${new URLSearchParams(query).toString()}`;
    const good = {
      client_id: 'klik',
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: 'https://klik.example/sso',
      state: 'fixed',
    };
    const base = { ...ACME, PUBLIC_URL: 'https://klik.example' };
    // Without a provider that takes the code alone, no sign-in could be checked.
    expect(problems({ ...base, KLIK_SSO_URL: authorize(good) })).toEqual([
      expect.stringMatching(
        /^KLIK_SSO_URL: an absolute address .*SSO_<ID>_ALLOW_CODE_WITHOUT_STATE/,
      ),
    ]);
    expect(problems({ KLIK_SSO_URL: 'ftp://sso.example/x' })).toEqual([
      'KLIK_SSO_URL: an absolute address must start with http:// or https://',
    ]);
    const codeAlone = { ...base, SSO_ACME_ALLOW_CODE_WITHOUT_STATE: 'true' };
    expect(loadConfig({ ...codeAlone, KLIK_SSO_URL: authorize(good) }).web.ssourl).toBe(
      authorize(good),
    );
    expect(
      problems({
        ...codeAlone,
        KLIK_SSO_URL: authorize({
          ...good,
          client_id: 'other',
          redirect_uri: 'http://localhost:3000/sso',
          scope: 'email',
          nonce: 'n',
        }),
      }),
    ).toEqual([
      'KLIK_SSO_URL: needs client_id=klik in its query (got other)',
      'KLIK_SSO_URL: needs redirect_uri=https://klik.example/sso in its query (got http://localhost:3000/sso)',
      'KLIK_SSO_URL: needs a scope with openid in its query, for an ID token',
      'KLIK_SSO_URL: must not carry nonce: nothing could check it on the return',
    ]);
    // A path of the web stays what it was.
    expect(loadConfig({ KLIK_SSO_URL: '/elsewhere' }).web.ssourl).toBe('/elsewhere');
  });

  it('names every wrong variable', () => {
    expect(
      problems({
        SSO_PROVIDERS: 'Bad_Id,acme,acme',
        SSO_ACME_ISSUER: 'ftp://x',
        SSO_ACME_CUSTOMERS: '1,x',
        SSO_ACME_STAFF: 'maybe',
        SSO_REDIRECT_URL: 'nowhere',
      }),
    ).toEqual([
      'SSO_REDIRECT_URL: must start with http:// or https://',
      'SSO_PROVIDERS: "Bad_Id" must be 1 to 40 lower-case letters, digits or "-"',
      'SSO_ACME_ISSUER: required, an http(s) URL',
      'SSO_ACME_CLIENT_ID: required',
      'SSO_ACME_CLIENT_SECRET: required',
      'SSO_ACME_CUSTOMERS: "x" is not a customer id',
      'SSO_ACME_STAFF: expected true or false, got "maybe"',
      'SSO_PROVIDERS: "acme" is named twice',
    ]);
    expect(
      problems({ ...ACME, SSO_ACME_ISSUER: 'http://login.acme.example', NODE_ENV: 'production' }),
    ).toEqual(['SSO_ACME_ISSUER: must start with https:// with NODE_ENV=production']);
  });
});
