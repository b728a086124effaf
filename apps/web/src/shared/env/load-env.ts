import { DEFAULT_LOCALE, LOCALE_HEADER, type EnvironmentSettings, SYSTEM_PATHS } from '@klik/api';
import { readEnvironmentSettings } from './env-check';

export const ENVIRONMENT_QUERY_KEY = ['environment'] as const;

/**
 * Fetched before anything else renders, so one build serves every deployment. Read with a
 * hand-written check rather than the API client's schema: the login page loads without zod.
 */
export async function loadEnvironment(fetchFn: typeof fetch): Promise<EnvironmentSettings> {
  const response = await fetchFn(SYSTEM_PATHS.env, {
    method: 'GET',
    headers: { [LOCALE_HEADER]: DEFAULT_LOCALE },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`${SYSTEM_PATHS.env} answered ${response.status}`);
  const settings = readEnvironmentSettings(await response.json());
  if (!settings) throw new Error(`${SYSTEM_PATHS.env} does not hold valid settings`);
  return settings;
}
