import { Group, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { IdParamSchema } from '@klik/api';
import { useCustomerName, useRememberCustomerName } from '../../../shared/api/use-customer-search';
import { useT } from '../../../shared/i18n/use-t';
import { FindCustomerField } from '../../../shared/ui/find-customer-field';

const CUSTOMER_PARAM = 'customer';

/**
 * An administrator's session carries no customers (decision 007), so the screen names its
 * customer in the address (`?customer=12`): a reload or a bookmark keeps it, and the finder
 * searches any of thousands on the server.
 */
export function useAdminCustomer(): [number | null, (customerId: number) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = IdParamSchema.safeParse(params.get(CUSTOMER_PARAM) ?? '');
  return [
    parsed.success ? parsed.data : null,
    (customerId) => setParams({ [CUSTOMER_PARAM]: String(customerId) }),
  ];
}

/** Which customer an administrator works on, and a field to find another. */
export function AdminCustomerChoice({
  customerId,
  onChoose,
}: {
  customerId: number | null;
  onChoose: (customerId: number) => void;
}) {
  const t = useT();
  const name = useCustomerName(customerId);
  const remember = useRememberCustomerName();
  return (
    <Stack gap="xs" data-testid="integrations-customer">
      {customerId !== null && (
        <Group gap={4}>
          <Text size="sm">{t('integrations.admin.customer')}</Text>
          <Text size="sm" fw={700} data-testid="integrations-customer-name">
            {name.data ?? t('integrations.admin.customerId', { id: customerId })}
          </Text>
        </Group>
      )}
      <FindCustomerField
        label={
          customerId === null ? t('integrations.admin.find') : t('integrations.admin.findOther')
        }
        onPick={(customer) => {
          remember(customer);
          onChoose(customer.id);
        }}
        testId="integrations-find-customer"
      />
    </Stack>
  );
}
