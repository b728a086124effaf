import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { CustomerCreateForm } from '../components/customer-create-form';
import { CustomersList } from '../components/customers-list';
import { may } from '../derive/may';

/** managecustomers: the customers this user reaches, and (admins) a form for a new one. */
export function ManageCustomersScreen() {
  const t = useT();
  const session = useSession();
  // The next step of an empty portal (NoCustomerYet) opens the form at once: ?new=1.
  const [searchParams] = useSearchParams();
  const [creating, setCreating] = useState(searchParams.get('new') === '1');
  if (!session) return null;
  const mayCreate = may(session, 'customers.create');
  return (
    <Stack data-testid="screen-managecustomers">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('admin.customers.title')}</Title>
        {mayCreate && !creating && (
          <Button onClick={() => setCreating(true)} data-testid="new-customer">
            {t('admin.customers.new')}
          </Button>
        )}
      </Group>
      {mayCreate && creating && (
        <Paper withBorder p="md">
          <CustomerCreateForm onCancel={() => setCreating(false)} />
        </Paper>
      )}
      <CustomersList />
    </Stack>
  );
}
