import { Text } from '@mantine/core';
import { useEnv } from '../env/use-env';
import { useT } from '../i18n/use-t';

/**
 * The portal's disclaimer, where the deployment's displayDisclaimer asks for it: in every page's
 * footer and on the click's confirm step, the moment a price becomes binding. A deployment words
 * it its own way through `translations` (key `disclaimer.text`).
 */
export function Disclaimer({ testId = 'disclaimer' }: { testId?: string }) {
  const env = useEnv();
  const t = useT();
  if (!env.displayDisclaimer) return null;
  return (
    <Text size="xs" c="gray.7" data-testid={testId}>
      {t('disclaimer.text')}
    </Text>
  );
}
