import { Table, Text, TextInput } from '@mantine/core';
import type { ClickLimits } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import type { ClickLimitValues, SettingsErrors } from '../derive/customer-form';
import { TableRegion } from '../../../shared/ui/table-region';

/**
 * Per contract of the customer: at most so many clicks a year (empty: no limit) and the smallest
 * click as a percentage of the position, with at most 2 decimals.
 */
export function ClickLimitsFields({
  contracts,
  values,
  errors,
  disabled,
  onChange,
}: {
  contracts: readonly ClickLimits[];
  values: readonly ClickLimitValues[];
  errors: SettingsErrors;
  disabled: boolean;
  onChange: (contractId: string, change: Partial<ClickLimitValues>) => void;
}) {
  const t = useT();
  if (contracts.length === 0) {
    return (
      <Text size="sm" data-testid="click-limits-none">
        {t('admin.customer.limits.none')}
      </Text>
    );
  }
  return (
    <TableRegion
      id="click-limits"
      caption={t('admin.customer.limits.title')}
      minWidth={700}
      testId="click-limits"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('admin.customer.limits.contract')}</Table.Th>
          <Table.Th scope="col">{t('admin.customer.limits.maxClicks')}</Table.Th>
          <Table.Th scope="col">{t('admin.customer.limits.minPercentage')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {contracts.map((contract) => {
          const value = values.find((limit) => limit.contractId === contract.contractId);
          if (!value) return null;
          const maxError = errors.maxClicksPerYear?.[contract.contractId];
          const minError = errors.minClickPercentage?.[contract.contractId];
          return (
            <Table.Tr key={contract.contractId} data-testid={`limits-${contract.contractId}`}>
              <Table.Th scope="row" fw={400}>
                <Text size="sm" fw={600}>
                  {contract.contractId}
                </Text>
                <Text size="xs">
                  {contract.product} ({contract.commodity})
                </Text>
              </Table.Th>
              <Table.Td>
                <TextInput
                  inputMode="numeric"
                  label={t('admin.customer.limits.maxClicksFor', {
                    contract: contract.contractId,
                  })}
                  description={t('admin.customer.limits.maxClicksHint')}
                  value={value.maxClicksPerYear}
                  disabled={disabled}
                  onChange={(event) =>
                    onChange(contract.contractId, { maxClicksPerYear: event.currentTarget.value })
                  }
                  error={maxError ? t(maxError) : undefined}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  inputMode="decimal"
                  label={t('admin.customer.limits.minPercentageFor', {
                    contract: contract.contractId,
                  })}
                  description={t('admin.customer.limits.minPercentageHint')}
                  rightSection={<span aria-hidden="true">%</span>}
                  value={value.minClickPercentage}
                  disabled={disabled}
                  onChange={(event) =>
                    onChange(contract.contractId, {
                      minClickPercentage: event.currentTarget.value,
                    })
                  }
                  error={minError ? t(errorMessageKey(minError)) : undefined}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableRegion>
  );
}
