import { useSyncExternalStore } from 'react';
import type { Locale } from '@klik/api';
import { useEnv } from '../env/use-env';
import { currentLocale, subscribeLocale } from './locale-store';

export function useLocale(): Locale {
  const env = useEnv();
  return useSyncExternalStore(subscribeLocale, () => currentLocale(env.locale));
}
