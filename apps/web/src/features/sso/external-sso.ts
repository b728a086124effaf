/**
 * An absolute ssourl (KLIK_SSO_URL) sends the browser straight to the provider: the server keeps
 * no state then, and takes the spec's {code} alone (SSO_<ID>_ALLOW_CODE_WITHOUT_STATE). The web
 * makes its own state for that trip, kept in this tab, and exchanges a code only when the same
 * state comes back with it: a code pushed into this browser by someone else's link is refused.
 */
const STATE_KEY = 'klik.sso.state';

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The address to leave for: the ssourl with a fresh state of this tab in its query. */
export function externalAuthorizeAddress(ssourl: string): string {
  const state = randomState();
  window.sessionStorage.setItem(STATE_KEY, state);
  const url = new URL(ssourl);
  url.searchParams.set('state', state);
  return url.href;
}

/** Whether the state that came back is the one this tab sent. */
export function isExternalStateOfThisTab(returned: string | null): boolean {
  const sent = window.sessionStorage.getItem(STATE_KEY);
  return sent !== null && returned === sent;
}

/** A state is good for one return only. */
export function forgetExternalState(): void {
  window.sessionStorage.removeItem(STATE_KEY);
}

/** The origin the provider sends back to (the ssourl's redirect_uri), when it names one. */
export function externalReturnUrl(ssourl: string): string | null {
  const returnUrl = new URL(ssourl).searchParams.get('redirect_uri');
  try {
    return returnUrl === null ? null : new URL(returnUrl).href;
  } catch {
    return null;
  }
}
