import { XSRF_COOKIE, createApiClient, type ApiClient } from '@klik/api';
import { debugLog } from '../env/debug-log';
import { readCookie } from '../i18n/locale-store';
import type { KlikApiOptions } from './api-client';

function carriedToken(init: RequestInit | undefined): boolean {
  const headers = new Headers(init?.headers);
  return headers.has('authorization');
}

/** The API client itself, loaded by createKlikApiClient after the first screen (api-client.ts). */
export function createSchemaApiClient(options: KlikApiOptions): ApiClient {
  const watchedFetch: typeof fetch = async (input, init) => {
    const response = await options.fetch(input, init);
    debugLog('call', init?.method ?? 'GET', String(input), response.status);
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
