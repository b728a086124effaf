import { createContext, useContext, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, type Locale } from '@klik/api';
import { EnvContext } from '../env/env-context';
import { useEnv } from '../env/use-env';
import { chosenLocale, subscribeLocale } from './locale-store';

/** The locale the portal's texts are shown in, given by I18nProvider. */
export const LocaleContext = createContext<Locale | null>(null);

/**
 * The locale to format in: the one the texts are shown in, so numbers, dates and words always
 * switch together. Every component that formats asks for it on every render, thousands on a
 * dashboard: it is read from the provider's context, not from the cookies and session storage
 * each time (docs/performance.md). Outside a provider, the chosen locale.
 */
export function useLocale(): Locale {
  const shown = useContext(LocaleContext);
  const env = useContext(EnvContext);
  return shown ?? chosenLocale(env?.locale ?? DEFAULT_LOCALE);
}

/**
 * The locale the user chose (session storage, then the cookie, then the deployment's default),
 * followed at once when it is switched (persistLocale). For the app root and the switch only.
 */
export function useChosenLocale(): Locale {
  const env = useEnv();
  return useSyncExternalStore(subscribeLocale, () => chosenLocale(env.locale));
}
