import { useEffect, useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '@klik/api';
import { intlMessages, messagesFor, type Translations } from './catalogues';

interface I18nProviderProps {
  locale: Locale;
  translations: Translations;
  children: ReactNode;
}

export function I18nProvider({ locale, translations, children }: I18nProviderProps) {
  const messages = useMemo(
    () => intlMessages(messagesFor(locale, translations)),
    [locale, translations],
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale="nl" messages={messages}>
      {children}
    </IntlProvider>
  );
}
