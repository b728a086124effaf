import { useEffect, type ReactNode } from 'react';
import { ActionIcon, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LOCALES, type Locale } from '@klik/api';
import { useApiClient } from '../api/use-api-client';
import { persistLocale } from '../i18n/locale-store';
import { useChosenLocale } from '../i18n/use-locale';
import { useT } from '../i18n/use-t';
import { readSession } from '../session/session-store';
import { BritishFlag, DutchFlag } from './flag-icons';

const FLAGS: Readonly<Record<Locale, ReactNode>> = { nl: <DutchFlag />, en: <BritishFlag /> };

/**
 * The languages the server offers (GET /rest/locale/available), asked once per page. Until it
 * answers, or when it cannot, both catalogues the web carries are offered: a missing answer must
 * not take the language switch away.
 */
function useAvailableLocales(): readonly Locale[] {
  const api = useApiClient();
  const query = useQuery({
    queryKey: ['locale', 'available'],
    queryFn: () => api.availableLocales(),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    if (query.error) console.warn('The available languages could not be read', query.error);
  }, [query.error]);
  return query.data ?? LOCALES;
}

/**
 * Flag buttons for the languages the server offers (Dutch, English); a signed-in user's choice is also sent to the server. A second
 * switch on the same page goes without test ids, so the header's stays unambiguous.
 */
export function LocaleSwitch({ withTestIds = true }: { withTestIds?: boolean }) {
  const t = useT();
  const api = useApiClient();
  const current = useChosenLocale();
  const available = useAvailableLocales();
  // The language in use stays choosable even if the server stopped offering it; one flag alone
  // would be a switch with nothing to switch to.
  const offered = LOCALES.filter((locale) => available.includes(locale) || locale === current);

  function choose(locale: Locale) {
    if (locale === current) return;
    persistLocale(locale);
    if (readSession()) {
      api.setLocale(locale).catch((error: unknown) => {
        console.warn('Saving the language choice failed', error);
      });
    }
  }

  if (offered.length < 2) return null;
  return (
    <Group gap={4} role="group" aria-label={t('locale.switch.label')}>
      {offered.map((locale) => (
        <ActionIcon
          key={locale}
          variant={current === locale ? 'light' : 'subtle'}
          size="lg"
          aria-label={t(locale === 'nl' ? 'locale.nl' : 'locale.en')}
          aria-pressed={current === locale}
          data-testid={withTestIds ? `locale-${locale}` : undefined}
          onClick={() => choose(locale)}
        >
          {FLAGS[locale]}
        </ActionIcon>
      ))}
    </Group>
  );
}
