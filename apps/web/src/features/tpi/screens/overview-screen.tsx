import { Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { CustomerList } from '../../../shared/ui/customer-list';

/** The TPI consultant's first screen: their customers and dashboards. */
export function OverviewScreen() {
  const t = useT();
  const session = useSession();
  if (!session) return null;
  return (
    <Stack data-testid="screen-overview">
      <Title order={1}>{t('overview.title')}</Title>
      <Text>{t('overview.intro')}</Text>
      <CustomerList customers={session.allowedCustomers} />
    </Stack>
  );
}
