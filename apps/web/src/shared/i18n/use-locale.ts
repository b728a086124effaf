import { useSyncExternalStore } from 'react';
import type { Locale } from '@klik/api';
import { useEnv } from '../env/use-env';
import { currentLocale, subscribeLocale } from './locale-store';

// Every component that translates or formats asks for the locale on every render, thousands on
// a dashboard, and reading the cookies and session storage each time cost more than the render
// itself (docs/performance.md). One answer serves the whole of a task's rendering; a switch of
// language (persistLocale) is seen at once.
let answered: { envLocale: Locale; locale: Locale } | null = null;
subscribeLocale(() => {
  answered = null;
});

function localeNow(envLocale: Locale): Locale {
  if (answered?.envLocale !== envLocale) {
    answered = { envLocale, locale: currentLocale(envLocale) };
    queueMicrotask(() => {
      answered = null;
    });
  }
  return answered.locale;
}

export function useLocale(): Locale {
  const env = useEnv();
  return useSyncExternalStore(subscribeLocale, () => localeNow(env.locale));
}
