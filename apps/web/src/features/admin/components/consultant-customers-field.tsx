import { Button, Fieldset, Stack, Table, Text } from '@mantine/core';
import type { ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import type { CustomerChoice } from '../api/use-customer-choices';
import { ActionsHeader } from './actions-header';
import { FindCustomerField } from './find-customer-field';

/**
 * The customers a consultant works for: each can be removed, and any other found on the server
 * added (a supplier has more customers than a list could hold).
 */
export function ConsultantCustomersField({
  value,
  disabled,
  error,
  onChange,
}: {
  value: readonly CustomerChoice[];
  disabled: boolean;
  error?: ErrorCode;
  onChange: (next: CustomerChoice[]) => void;
}) {
  const t = useT();
  return (
    <Fieldset legend={t('admin.consultant.customers')} data-testid="consultant-customers">
      <Stack gap="xs">
        {value.length === 0 ? (
          <Text size="sm" data-testid="consultant-customers-empty">
            {t('admin.user.customers.none')}
          </Text>
        ) : (
          <Table fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.user.customers.customer')}</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.map((customer) => (
                <Table.Tr key={customer.id} data-testid={`consultant-customer-${customer.id}`}>
                  <Table.Td>{customer.name}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="xs"
                      color="red.8"
                      disabled={disabled}
                      onClick={() => onChange(value.filter((other) => other.id !== customer.id))}
                      aria-label={t('admin.user.customers.removeFrom', { customer: customer.name })}
                    >
                      {t('admin.user.customers.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {!disabled && (
          <FindCustomerField
            label={t('admin.user.customers.add')}
            excludeIds={value.map((customer) => customer.id)}
            onPick={(customer) => onChange([...value, customer])}
            testId="consultant-add-customer"
          />
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert" data-testid="error-customers">
            {t(errorMessageKey(error))}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
