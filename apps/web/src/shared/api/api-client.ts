import type { ApiClient, Locale } from '@klik/api';

export interface KlikApiOptions {
  backendUrl: string;
  fetch: typeof fetch;
  getToken: () => string | null;
  getLocale: () => Locale;
  /** Called when a call that carried a session token is answered 401: the session has ended. */
  onUnauthenticated: () => void;
}

/**
 * The API client, whose answers are parsed with zod schemas, loads after the first screen rather
 * than with it: the login page's budget has no room for zod (docs/performance.md). Loading starts
 * at once, so it is there long before anyone submits the login form; a call made sooner waits.
 */
export function createKlikApiClient(options: KlikApiOptions): ApiClient {
  const loaded = import('./schema-api-client').then((module) =>
    module.createSchemaApiClient(options),
  );
  function later<K extends keyof ApiClient>(name: K): ApiClient[K] {
    const forward = async (...args: unknown[]) => {
      const method = (await loaded)[name] as (...args: unknown[]) => Promise<unknown>;
      return method(...args);
    };
    return forward as ApiClient[K];
  }
  return {
    call: later('call'),
    send: later('send'),
    upload: later('upload'),
    login: later('login'),
    loginAs: later('loginAs'),
    logout: later('logout'),
    setLocale: later('setLocale'),
    availableLocales: later('availableLocales'),
    tradingStatus: later('tradingStatus'),
    environment: later('environment'),
  };
}
