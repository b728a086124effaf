import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SSO_PATHS, UserSessionSchema, SYSTEM_PATHS } from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { DEV_IDP_CLIENT_ID, DEV_IDP_CLIENT_SECRET, startDevIdp, type DevIdp } from './dev-idp';
import { postLoginOAuth2, signInAtProvider, startSso } from './sso-test-kit';

const REDIRECT_URL = 'http://portal.test/sso';
const identities = [
  { login: 'eva', subject: 'sub-eva', email: 'Eva@Example.test', emailVerified: true, name: 'Eva' },
  {
    login: 'bram',
    subject: 'sub-bram',
    email: 'bram@example.test',
    emailVerified: false,
    name: 'B',
  },
  {
    login: 'stranger',
    subject: 'sub-x',
    email: 'x@elsewhere.test',
    emailVerified: true,
    name: 'X',
  },
];

let idp: DevIdp;
let t: TestApp;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, redirectUris: [REDIRECT_URL], identities });
});
afterAll(async () => {
  await idp.close();
});
afterEach(async () => {
  await t.close();
});

/** The portal with one provider serving one customer, whose users eva and bram are. */
async function portal(options: {
  linkByEmail: boolean;
  provider?: DevIdp;
  env?: Record<string, string>;
}): Promise<{ eva: BuiltUser }> {
  t = await buildTestApp({
    env: {
      ...options.env,
      SSO_PROVIDERS: 'acme',
      SSO_ACME_ISSUER: (options.provider ?? idp).issuer,
      SSO_ACME_CLIENT_ID: DEV_IDP_CLIENT_ID,
      SSO_ACME_CLIENT_SECRET: DEV_IDP_CLIENT_SECRET,
      SSO_ACME_CUSTOMERS: '2147483647',
      SSO_REDIRECT_URL: REDIRECT_URL,
    },
  });
  const customer = await createCustomer(t.db);
  // The customer's id is known only now; the provider serves it from the first request on.
  t.config.sso.providers[0]!.customerIds.splice(0, 1, customer.id);
  await t.db
    .updateTable('customers')
    .set({ sso_link_by_email: options.linkByEmail })
    .where('id', '=', customer.id)
    .execute();
  const eva = await createUser(t.db, { username: 'eva', customerIds: [customer.id] });
  await createUser(t.db, { username: 'bram', customerIds: [customer.id] });
  return { eva };
}

async function signIn(login: string) {
  const { authorizationUrl, browserCookie } = await startSso(t.app);
  const answer = await signInAtProvider(authorizationUrl, login);
  return { answer, browserCookie, response: await postLoginOAuth2(t.app, answer, browserCookie) };
}

async function ssoAudit() {
  const rows = await t.db
    .selectFrom('audit_log')
    .select(['outcome', 'actor_username', 'subject', 'details'])
    .where('action', '=', 'login')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, details: row.details as Record<string, unknown> }));
}

describe('single sign-on against a real OpenID Connect provider', () => {
  it('sends the browser to the provider with PKCE S256, state, nonce and the /sso redirect', async () => {
    await portal({ linkByEmail: true });
    const env = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.env });
    expect(env.json()).toMatchObject({ ssourl: '/loginoauth' });
    const providers = await t.app.inject({ method: 'GET', url: SSO_PATHS.providers });
    expect(providers.json()).toEqual({
      providers: [{ id: 'acme', label: 'acme' }],
      returnUrl: REDIRECT_URL,
    });

    const { authorizationUrl } = await startSso(t.app, 'acme');
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(idp.issuer);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      client_id: DEV_IDP_CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URL,
      code_challenge_method: 'S256',
    });
    expect(query.state).toMatch(/^[\w-]{20,}$/);
    expect(query.nonce).toMatch(/^[\w-]{20,}$/);
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);
  });

  it('asks which provider when there are several, and knows only those configured', async () => {
    const env = (id: string) => ({
      [`SSO_${id}_ISSUER`]: idp.issuer,
      [`SSO_${id}_CLIENT_ID`]: DEV_IDP_CLIENT_ID,
      [`SSO_${id}_CLIENT_SECRET`]: DEV_IDP_CLIENT_SECRET,
      [`SSO_${id}_CUSTOMERS`]: '1',
    });
    t = await buildTestApp({
      env: { SSO_PROVIDERS: 'acme,globex', ...env('ACME'), ...env('GLOBEX') },
    });
    const start = (payload: object) =>
      t.app.inject({ method: 'POST', url: SSO_PATHS.start, payload });
    expect((await start({})).statusCode).toBe(400);
    expect((await start({ provider: 'initech' })).statusCode).toBe(400);
    expect((await start({ provider: 'globex' })).statusCode).toBe(200);
  });

  it('signs in with a good code: links by verified e-mail when allowed, then by the stored link', async () => {
    const { eva } = await portal({ linkByEmail: true });
    const { response } = await signIn('eva');
    expect(response.statusCode, JSON.stringify(await ssoAudit())).toBe(200);
    const session = UserSessionSchema.parse(response.json());
    expect(session).toMatchObject({ username: 'eva', role: 'customer', impersonatedBy: null });
    expect(session.allowedCustomers).toHaveLength(1);
    const me = await t.app.inject({
      method: 'GET',
      url: '/rest/tradingstatus',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.statusCode).toBe(200);
    const links = await t.db.selectFrom('sso_identities').selectAll().execute();
    expect(links).toMatchObject([{ issuer: idp.issuer, subject: 'sub-eva', user_id: eva.id }]);

    // Turning linking off later does not undo a link that exists.
    await t.db.updateTable('customers').set({ sso_link_by_email: false }).execute();
    expect((await signIn('eva')).response.statusCode).toBe(200);
    expect(await ssoAudit()).toMatchObject([
      {
        outcome: 'success',
        actor_username: 'eva',
        details: { method: 'sso', linkedByEmail: true },
      },
      { outcome: 'success', actor_username: 'eva', details: { linkedByEmail: false } },
    ]);
  });

  it('refuses a replayed code, with the same state or a new one', async () => {
    await portal({ linkByEmail: true });
    const { answer, browserCookie, response } = await signIn('eva');
    expect(response.statusCode).toBe(200);
    const again = await postLoginOAuth2(t.app, answer, browserCookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'SSO_STATE_INVALID' });

    // A fresh sign-in of this browser with the spent code: the provider refuses the code.
    const fresh = await startSso(t.app);
    const state = new URL(fresh.authorizationUrl).searchParams.get('state') ?? '';
    const replay = await postLoginOAuth2(t.app, { ...answer, state }, fresh.browserCookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'SSO_FAILED' });
    const refused = (await ssoAudit()).filter((row) => row.outcome === 'failure');
    expect(refused).toHaveLength(1);
    expect(String(refused[0]?.details.reason)).toMatch(/^exchange refused/);
  });

  it('refuses a state it did not issue, and one from another browser', async () => {
    await portal({ linkByEmail: true });
    const { authorizationUrl, browserCookie } = await startSso(t.app);
    const answer = await signInAtProvider(authorizationUrl, 'eva');
    const wrongState = await postLoginOAuth2(
      t.app,
      { ...answer, state: 'not-a-state-we-issued' },
      browserCookie,
    );
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json()).toMatchObject({ code: 'SSO_STATE_INVALID' });

    // No cookie: another browser, or this one back at another address than it started at
    // (started on 127.0.0.1, sent back to localhost): its own code and message, not "unavailable".
    const otherBrowser = await postLoginOAuth2(t.app, answer, null);
    expect(otherBrowser.statusCode).toBe(400);
    expect(otherBrowser.json()).toMatchObject({
      code: 'SSO_STATE_INVALID',
      message: expect.stringMatching(/ander venster, een andere browser of op een ander adres/),
    });
    // The state is spent by the attempt: the right browser cannot use it afterwards either.
    expect((await postLoginOAuth2(t.app, answer, browserCookie)).statusCode).toBe(400);
    expect(await ssoAudit()).toMatchObject([
      { outcome: 'failure', details: { reason: 'started in another browser' } },
    ]);
  });

  it('refuses an ID token whose nonce is not the one of this sign-in', async () => {
    await portal({ linkByEmail: true });
    const { authorizationUrl, browserCookie } = await startSso(t.app);
    const answer = await signInAtProvider(authorizationUrl, 'eva');
    // The provider put the nonce it was sent in the ID token; the portal expects another now.
    await t.db.updateTable('sso_logins').set({ nonce: 'another-nonce-than-sent' }).execute();
    const response = await postLoginOAuth2(t.app, answer, browserCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'SSO_FAILED' });
    const [row] = await ssoAudit();
    expect(String(row?.details.reason)).toMatch(/nonce/);
    expect(await t.db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });

  it('refuses a sign-in that took longer than 10 minutes', async () => {
    await portal({ linkByEmail: true });
    const { authorizationUrl, browserCookie } = await startSso(t.app);
    const answer = await signInAtProvider(authorizationUrl, 'eva');
    t.clock.advanceMinutes(10);
    const response = await postLoginOAuth2(t.app, answer, browserCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'SSO_STATE_INVALID' });
    expect(await ssoAudit()).toMatchObject([
      { outcome: 'failure', details: { reason: 'state expired' } },
    ]);
  });

  it('refuses an identity with no Klik user (403, the login message) and audits it', async () => {
    await portal({ linkByEmail: true });
    const { response } = await signIn('stranger');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await ssoAudit()).toMatchObject([
      {
        outcome: 'failure',
        actor_username: null,
        subject: `${idp.issuer} sub-x`,
        details: { method: 'sso', provider: 'acme', reason: 'no linked user' },
      },
    ]);
  });

  it('does not link by e-mail when the customer did not allow it, nor an unverified e-mail', async () => {
    await portal({ linkByEmail: false });
    expect((await signIn('eva')).response.statusCode).toBe(403);
    await t.db.updateTable('customers').set({ sso_link_by_email: true }).execute();
    expect((await signIn('bram')).response.statusCode).toBe(403);
    expect(await t.db.selectFrom('sso_identities').selectAll().execute()).toEqual([]);
  });

  it('refuses a linked user who was deactivated, or whose customer the provider does not serve', async () => {
    const { eva } = await portal({ linkByEmail: true });
    expect((await signIn('eva')).response.statusCode).toBe(200);
    await t.db.updateTable('users').set({ disabled: true }).where('id', '=', eva.id).execute();
    expect((await signIn('eva')).response.statusCode).toBe(403);
    await t.db.updateTable('users').set({ disabled: false }).where('id', '=', eva.id).execute();
    await t.db.updateTable('customers').set({ active: false }).execute();
    expect((await signIn('eva')).response.statusCode).toBe(403);
    const reasons = (await ssoAudit()).map((row) => row.details.reason ?? row.outcome);
    expect(reasons).toEqual(['success', 'disabled', 'no active customer served by provider']);
  });
});

describe("the spec's body {code} alone", () => {
  let lenient: DevIdp;
  beforeAll(async () => {
    // A provider that lets a client leave PKCE out, as a client written from the spec does.
    lenient = await startDevIdp({
      port: 0,
      redirectUris: [REDIRECT_URL],
      identities,
      pkceRequired: false,
    });
  });
  afterAll(async () => {
    await lenient.close();
  });

  /** The authorise address a client written from the spec is sent to (an absolute ssourl). */
  async function specAuthorizeUrl(): Promise<string> {
    const discovery = await fetch(`${lenient.issuer}/.well-known/openid-configuration`);
    const { authorization_endpoint: endpoint } = (await discovery.json()) as {
      authorization_endpoint: string;
    };
    const url = new URL(endpoint);
    url.search = new URLSearchParams({
      client_id: DEV_IDP_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email',
      state: 'the-clients-own-state',
      redirect_uri: REDIRECT_URL,
    }).toString();
    return url.href;
  }

  /** What a client written from the spec does: client id, response_type code, state, redirect_uri. */
  async function codeFromSpecClient(login: string): Promise<string> {
    return (await signInAtProvider(await specAuthorizeUrl(), login)).code;
  }

  it('works end to end from an absolute ssourl, the provider’s authorise address', async () => {
    const ssourl = await specAuthorizeUrl();
    await portal({
      linkByEmail: true,
      provider: lenient,
      env: { SSO_ACME_ALLOW_CODE_WITHOUT_STATE: 'true', KLIK_SSO_URL: ssourl },
    });
    const env = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.env });
    expect(env.json()).toMatchObject({ ssourl });
    // The browser goes there as it is, and comes back to /sso with a code (and iss).
    const { code, iss } = await signInAtProvider(ssourl, 'eva');
    const response = await t.app.inject({
      method: 'POST',
      url: SSO_PATHS.loginOAuth2,
      payload: { code, iss },
    });
    expect(response.statusCode, JSON.stringify(await ssoAudit())).toBe(200);
    expect(UserSessionSchema.parse(response.json())).toMatchObject({ username: 'eva' });
  });

  const loginWithCode = (code: string) =>
    t.app.inject({ method: 'POST', url: SSO_PATHS.loginOAuth2, payload: { code } });

  it('is refused by default: no state, no sign-in of this browser (SSO_STATE_INVALID)', async () => {
    await portal({ linkByEmail: true, provider: lenient });
    const response = await loginWithCode(await codeFromSpecClient('eva'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'SSO_STATE_INVALID' });
    expect(await t.db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });

  it('signs in at the provider configured with SSO_<ID>_ALLOW_CODE_WITHOUT_STATE', async () => {
    const { eva } = await portal({
      linkByEmail: true,
      provider: lenient,
      env: { SSO_ACME_ALLOW_CODE_WITHOUT_STATE: 'true' },
    });
    const code = await codeFromSpecClient('eva');
    const response = await loginWithCode(code);
    expect(response.statusCode, JSON.stringify(await ssoAudit())).toBe(200);
    expect(UserSessionSchema.parse(response.json())).toMatchObject({ username: 'eva' });
    expect(await t.db.selectFrom('sso_identities').select('user_id').execute()).toEqual([
      { user_id: eva.id },
    ]);
    // The provider still refuses the code a second time; a body with a state still takes the
    // state checks.
    expect((await loginWithCode(code)).json()).toMatchObject({ code: 'SSO_FAILED' });
    const withState = await t.app.inject({
      method: 'POST',
      url: SSO_PATHS.loginOAuth2,
      payload: { code: await codeFromSpecClient('eva'), state: 'the-clients-own-state' },
    });
    expect(withState.json()).toMatchObject({ code: 'SSO_STATE_INVALID' });
    expect(await ssoAudit()).toMatchObject([
      { outcome: 'success', details: { method: 'sso', provider: 'acme', withoutState: true } },
      { outcome: 'failure', details: { reason: expect.stringMatching(/^exchange refused/) } },
    ]);
  });
});
