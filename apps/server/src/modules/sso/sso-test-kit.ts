import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SSO_PATHS, SsoStartResultSchema } from '@klik/api';
import { DEV_IDP_PASSWORD } from './dev-idp';
import { SSO_BROWSER_COOKIE } from './sso.routes';

/** What the provider sends the browser back to /sso with. */
export interface ProviderAnswer {
  code: string;
  state: string;
  iss?: string;
}

/** A browser's cookies at the provider, enough for its sign-in page and redirects. */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) {
        this.#cookies.delete(name);
      } else {
        this.#cookies.set(name, value);
      }
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at the provider without a browser: opens the authorisation address, signs
 * in on its page as `login`, and follows the redirects until the provider sends it to /sso.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  password: string = DEV_IDP_PASSWORD,
): Promise<ProviderAnswer> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | null = null;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location === null) {
      const page = await response.text();
      if (form || !page.includes('name="login"')) {
        throw new Error(`provider answered ${response.status}: ${page.slice(0, 300)}`);
      }
      // The sign-in page: post the login form to the same address.
      form = new URLSearchParams({ login, password });
      continue;
    }
    await response.body?.cancel();
    form = null;
    url = new URL(location, url);
    const code = url.searchParams.get('code');
    const state = url.searchParams.get('state');
    if (code !== null && state !== null) {
      const iss = url.searchParams.get('iss');
      return iss === null ? { code, state } : { code, state, iss };
    }
    const error = url.searchParams.get('error');
    if (error !== null) throw new Error(`provider refused: ${error}`);
  }
  throw new Error('too many redirects at the provider');
}

/** POST sso/start as a browser: the authorisation address and the browser-binding cookie. */
export async function startSso(
  app: FastifyInstance,
  provider?: string,
): Promise<{ authorizationUrl: string; browserCookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: SSO_PATHS.start,
    payload: provider === undefined ? {} : { provider },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sso/start answered ${response.statusCode}: ${response.body}`);
  }
  const cookie = response.cookies.find((candidate) => candidate.name === SSO_BROWSER_COOKIE);
  if (!cookie) throw new Error('sso/start set no browser cookie');
  return {
    authorizationUrl: SsoStartResultSchema.parse(response.json()).authorizationUrl,
    browserCookie: cookie.value,
  };
}

export function postLoginOAuth2(
  app: FastifyInstance,
  answer: ProviderAnswer,
  browserCookie: string | null,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: SSO_PATHS.loginOAuth2,
    payload: answer,
    cookies: browserCookie === null ? {} : { [SSO_BROWSER_COOKIE]: browserCookie },
  });
}
