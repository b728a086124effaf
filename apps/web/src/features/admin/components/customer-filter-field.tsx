import { Badge, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IdParamSchema } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useCustomerName, useRememberCustomerName } from '../../../shared/api/use-customer-search';
import { FindCustomerField } from '../../../shared/ui/find-customer-field';

function ChosenCustomer({
  customerId,
  onClear,
  testId,
}: {
  customerId: number;
  onClear: () => void;
  testId: string;
}) {
  const t = useT();
  const name = useCustomerName(customerId);
  const shown = name.data ?? t('admin.customerFilter.id', { id: customerId });
  return (
    <Group gap={4} data-testid={testId}>
      <Text size="sm">{t('admin.customerFilter.chosen')}</Text>
      <Badge variant="light" size="lg" tt="none">
        {shown}
      </Badge>
      <CloseButton
        size="sm"
        onClick={onClear}
        aria-label={t('admin.customerFilter.clear', { customer: shown })}
        data-testid={`${testId}-clear`}
      />
    </Group>
  );
}

/**
 * A list's filter on one customer, found on the server (any of thousands). The address bar holds
 * only its id, so a bookmarked or reloaded list shows the customer by the name the server gives.
 * `testId` names the search (`<testId>-customer`) and the customer chosen (`<testId>-filter-customer`).
 */
export function CustomerFilterField({
  label,
  customerId,
  onChange,
  testId,
}: {
  label: string;
  /** The id from the address bar; anything else is no filter. */
  customerId: string | undefined;
  onChange: (customerId: string) => void;
  testId: string;
}) {
  const rememberName = useRememberCustomerName();
  const chosen = IdParamSchema.safeParse(customerId ?? '');
  return (
    <Stack gap={4}>
      <FindCustomerField
        label={label}
        onPick={(customer) => {
          rememberName(customer);
          onChange(String(customer.id));
        }}
        testId={`${testId}-customer`}
      />
      {chosen.success && (
        <ChosenCustomer
          customerId={chosen.data}
          onClear={() => onChange('')}
          testId={`${testId}-filter-customer`}
        />
      )}
    </Stack>
  );
}
