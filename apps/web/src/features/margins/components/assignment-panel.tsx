import { useState } from 'react';
import { Button, CloseButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { type AssignedContract, type ScenarioDetail } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useAssignScenario } from '../api/margins-api';
import { FindContract, FindCustomer } from './margin-pickers';
import { ApiErrorAlert } from './api-error-alert';

/**
 * The customers and contracts the scenario prices. A contract's own scenario beats its customer's
 * (docs/margins.md); picking one here moves it from the scenario it had.
 */
export function AssignmentPanel({ detail }: { detail: ScenarioDetail }) {
  const t = useT();
  const assign = useAssignScenario(detail.current.scenarioId);
  const [customers, setCustomers] = useState(detail.customers);
  const [contracts, setContracts] = useState<AssignedContract[]>(detail.contracts);
  const [saved, setSaved] = useState(false);
  const changed = () => setSaved(false);

  return (
    <Stack gap="sm" data-testid="assignment-panel">
      <Title order={3}>{t('margins.assign.title')}</Title>
      <Text size="sm">{t('margins.assign.intro')}</Text>
      <Group align="flex-start" grow>
        <Stack gap="xs">
          <FindCustomer
            excludeIds={customers.map((customer) => customer.id)}
            onPick={(customer) => {
              setCustomers([...customers, customer]);
              changed();
            }}
          />
          <List aria-label={t('margins.assign.customers')} data-testid="assigned-customers">
            {customers.map((customer) => (
              <List.Item key={customer.id}>
                <Group gap={4}>
                  <Text size="sm">{customer.name}</Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('margins.assign.remove', { name: customer.name })}
                    onClick={() => {
                      setCustomers(customers.filter((other) => other.id !== customer.id));
                      changed();
                    }}
                  />
                </Group>
              </List.Item>
            ))}
          </List>
          {customers.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('margins.assign.noCustomers')}
            </Text>
          )}
        </Stack>
        <Stack gap="xs">
          <FindContract
            label={t('margins.assign.findContract')}
            excludeIds={contracts.map((contract) => contract.id)}
            onPick={(contract) => {
              setContracts([...contracts, contract]);
              changed();
            }}
            testId="find-contract"
          />
          <List aria-label={t('margins.assign.contracts')} data-testid="assigned-contracts">
            {contracts.map((contract) => (
              <List.Item key={contract.id}>
                <Group gap={4}>
                  <Text size="sm">
                    {contract.contractId} ({contract.customerName})
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('margins.assign.remove', { name: contract.contractId })}
                    onClick={() => {
                      setContracts(contracts.filter((other) => other.id !== contract.id));
                      changed();
                    }}
                  />
                </Group>
              </List.Item>
            ))}
          </List>
          {contracts.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('margins.assign.noContracts')}
            </Text>
          )}
        </Stack>
      </Group>
      <ApiErrorAlert error={assign.error} />
      {saved && (
        <Text size="sm" role="status" data-testid="assignments-saved">
          {t('margins.assign.saved')}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          loading={assign.isPending}
          onClick={() =>
            assign.mutate(
              {
                customerIds: customers.map((customer) => customer.id),
                contractIds: contracts.map((contract) => contract.id),
              },
              { onSuccess: () => setSaved(true) },
            )
          }
          data-testid="save-assignments"
        >
          {t('margins.assign.save')}
        </Button>
      </Group>
    </Stack>
  );
}
