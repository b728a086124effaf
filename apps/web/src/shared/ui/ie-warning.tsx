import { Alert, Anchor, Text } from '@mantine/core';
import { useT } from '../i18n/use-t';

const CHROME_DOWNLOAD_URL = 'https://www.google.com/chrome/';

/** The spec's warning on the sign-in screens for Internet Explorer, MSIE and Trident. */
export function IeWarning() {
  const t = useT();
  return (
    <Alert color="yellow" data-testid="ie-warning" title={t('ie.warning.part1')}>
      <Text size="sm">{t('ie.warning.part2')}</Text>
      <Anchor href={CHROME_DOWNLOAD_URL} target="_blank" rel="noopener noreferrer" size="sm">
        {t('ie.warning.part3')}
      </Anchor>
    </Alert>
  );
}
