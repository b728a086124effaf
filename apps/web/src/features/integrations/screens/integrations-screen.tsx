import { Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useSession } from '../../../shared/session/use-session';
import { EmptyState, NoCustomer } from '../../../shared/ui/load-states';
import { AdminCustomerChoice, useAdminCustomer } from '../components/admin-customer-choice';
import { ApiClientsSection } from '../components/api-clients-section';
import { WebhooksSection } from '../components/webhooks-section';

function CustomerIntegrations({ customerId }: { customerId: number }) {
  return (
    <Stack gap="lg">
      <ApiClientsSection customerId={customerId} />
      <WebhooksSection customerId={customerId} />
    </Stack>
  );
}

/** An administrator names the customer in the address; a user manager selects it at the top. */
function AdminIntegrations() {
  const t = useT();
  const [customerId, choose] = useAdminCustomer();
  return (
    <Stack gap="lg">
      <AdminCustomerChoice customerId={customerId} onChoose={choose} />
      {customerId === null ? (
        <EmptyState text={t('integrations.admin.choose')} testId="integrations-no-customer" />
      ) : (
        <CustomerIntegrations key={customerId} customerId={customerId} />
      )}
    </Stack>
  );
}

function SelectedCustomerIntegrations() {
  const { customer } = useSelection();
  return customer ? (
    <CustomerIntegrations key={customer.id} customerId={customer.id} />
  ) : (
    <NoCustomer />
  );
}

/**
 * /integrations: the customer's API clients and webhook endpoints (docs/integrations.md "The
 * screen"), for its user managers and administrators; the server checks every call again.
 */
export function IntegrationsScreen() {
  const t = useT();
  const session = useSession();
  return (
    <Stack data-testid="screen-integrations">
      <Title order={1}>{t('integrations.title')}</Title>
      <Text>{t('integrations.intro')}</Text>
      {session?.role === 'admin' ? <AdminIntegrations /> : <SelectedCustomerIntegrations />}
    </Stack>
  );
}
