import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { Customer } from '@klik/api';
import { useT } from '../i18n/use-t';
import { useSelection } from '../session/use-selection';
import { NoCustomerYet } from './load-states';

/** The customers a user may see, each with its dashboards; the current selection is marked. */
export function CustomerList({ customers }: { customers: readonly Customer[] }) {
  const t = useT();
  const selection = useSelection();
  if (customers.length === 0) return <NoCustomerYet testId="customers-none" />;
  return (
    <Stack component="section" aria-labelledby="customers-heading" gap="sm">
      <Title order={2} size="h4" id="customers-heading">
        {t('customers.heading')}
      </Title>
      {customers.map((customer) => (
        <Card key={customer.id} withBorder component="article">
          <Group gap="xs">
            <Text fw={600}>{customer.name}</Text>
            {selection.customer?.id === customer.id && (
              <Badge variant="filled">{t('customers.selected')}</Badge>
            )}
          </Group>
          {customer.dashboards.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('customers.noDashboards')}
            </Text>
          ) : (
            <List size="sm" mt={4}>
              {customer.dashboards.map((dashboard) => (
                <List.Item key={dashboard.id}>{dashboard.name}</List.Item>
              ))}
            </List>
          )}
        </Card>
      ))}
    </Stack>
  );
}
