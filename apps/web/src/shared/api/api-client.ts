import { XSRF_COOKIE, createApiClient, type ApiClient, type Locale } from '@klik/api';
import { readCookie } from '../i18n/locale-store';

export interface KlikApiOptions {
  backendUrl: string;
  fetch: typeof fetch;
  getToken: () => string | null;
  getLocale: () => Locale;
  /** Called when a call that carried a session token is answered 401: the session has ended. */
  onUnauthenticated: () => void;
}

function carriedToken(init: RequestInit | undefined): boolean {
  const headers = new Headers(init?.headers);
  return headers.has('authorization');
}

export function createKlikApiClient(options: KlikApiOptions): ApiClient {
  const watchedFetch: typeof fetch = async (input, init) => {
    const response = await options.fetch(input, init);
    if (response.status === 401 && carriedToken(init)) options.onUnauthenticated();
    return response;
  };
  return createApiClient({
    baseUrl: options.backendUrl.replace(/\/+$/, ''),
    getToken: options.getToken,
    getLocale: options.getLocale,
    getXsrfToken: () => readCookie(document.cookie, XSRF_COOKIE),
    fetch: watchedFetch,
  });
}
