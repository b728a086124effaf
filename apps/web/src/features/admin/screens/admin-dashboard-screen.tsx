import { Paper, Stack, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { CustomerList } from '../../../shared/ui/customer-list';
import { LoginAsForm } from '../components/login-as-form';

export function AdminDashboardScreen() {
  const t = useT();
  const session = useSession();
  if (!session) return null;
  return (
    <Stack data-testid="screen-admindashboard">
      <Title order={1}>{t('admin.title')}</Title>
      <Paper withBorder p="md">
        <LoginAsForm />
      </Paper>
      <CustomerList customers={session.allowedCustomers} />
    </Stack>
  );
}
