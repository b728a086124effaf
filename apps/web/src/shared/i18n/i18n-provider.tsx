import { useEffect, useMemo, type ReactNode } from 'react';
import type { Locale } from '@klik/api';
import { messagesFor, type Translations } from './catalogues';
import { createTranslator } from './translator';
import { LocaleContext } from './use-locale';
import { TranslateContext } from './use-t';

interface I18nProviderProps {
  locale: Locale;
  translations: Translations;
  children: ReactNode;
}

export function I18nProvider({ locale, translations, children }: I18nProviderProps) {
  const t = useMemo(
    () => createTranslator(locale, messagesFor(locale, translations)),
    [locale, translations],
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <LocaleContext.Provider value={locale}>
      <TranslateContext.Provider value={t}>{children}</TranslateContext.Provider>
    </LocaleContext.Provider>
  );
}
