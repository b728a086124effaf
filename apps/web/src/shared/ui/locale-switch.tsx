import { ActionIcon, Group } from '@mantine/core';
import type { Locale } from '@klik/api';
import { useApiClient } from '../api/use-api-client';
import { persistLocale } from '../i18n/locale-store';
import { useLocale } from '../i18n/use-locale';
import { useT } from '../i18n/use-t';
import { readSession } from '../session/session-store';
import { BritishFlag, DutchFlag } from './flag-icons';

/**
 * Dutch/English flag buttons; a signed-in user's choice is also sent to the server. A second
 * switch on the same page goes without test ids, so the header's stays unambiguous.
 */
export function LocaleSwitch({ withTestIds = true }: { withTestIds?: boolean }) {
  const t = useT();
  const api = useApiClient();
  const current = useLocale();

  function choose(locale: Locale) {
    if (locale === current) return;
    persistLocale(locale);
    if (readSession()) {
      api.setLocale(locale).catch((error: unknown) => {
        console.warn('Saving the language choice failed', error);
      });
    }
  }

  return (
    <Group gap={4} role="group" aria-label={t('locale.switch.label')}>
      <ActionIcon
        variant={current === 'nl' ? 'light' : 'subtle'}
        size="lg"
        aria-label={t('locale.nl')}
        aria-pressed={current === 'nl'}
        data-testid={withTestIds ? 'locale-nl' : undefined}
        onClick={() => choose('nl')}
      >
        <DutchFlag />
      </ActionIcon>
      <ActionIcon
        variant={current === 'en' ? 'light' : 'subtle'}
        size="lg"
        aria-label={t('locale.en')}
        aria-pressed={current === 'en'}
        data-testid={withTestIds ? 'locale-en' : undefined}
        onClick={() => choose('en')}
      >
        <BritishFlag />
      </ActionIcon>
    </Group>
  );
}
