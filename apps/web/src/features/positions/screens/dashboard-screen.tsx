import { Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useSession } from '../../../shared/session/use-session';
import { CustomerList } from '../../../shared/ui/customer-list';

export function DashboardScreen() {
  const t = useT();
  const session = useSession();
  const { customer, dashboard } = useSelection();
  if (!session) return null;
  return (
    <Stack data-testid="screen-dashboard">
      <Title order={1}>{t('dashboard.title')}</Title>
      <Text data-testid="dashboard-selection">
        {customer && dashboard
          ? t('dashboard.selection', { customer: customer.name, dashboard: dashboard.name })
          : t('dashboard.noSelection')}
      </Text>
      <CustomerList customers={session.allowedCustomers} />
    </Stack>
  );
}
