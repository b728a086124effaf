import { Center, Loader } from '@mantine/core';
import { useT } from '../i18n/use-t';

export function FullPageLoader() {
  const t = useT();
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
