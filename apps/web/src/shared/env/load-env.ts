import { DEFAULT_LOCALE, createApiClient, type EnvironmentSettings } from '@klik/api';

export const ENVIRONMENT_QUERY_KEY = ['environment'] as const;

/** Fetched before anything else renders, so one build serves every deployment. */
export function loadEnvironment(fetchFn: typeof fetch): Promise<EnvironmentSettings> {
  const client = createApiClient({
    baseUrl: '',
    getToken: () => null,
    getLocale: () => DEFAULT_LOCALE,
    fetch: fetchFn,
  });
  return client.environment();
}
