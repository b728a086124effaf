import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useClickCounter } from '../api/clicks-api';
import { NoCustomer } from '../../../shared/ui/load-states';
import { TableRegion } from '../../../shared/ui/table-region';

function Counter({ customerId }: { customerId: number }) {
  const t = useT();
  const counter = useClickCounter(customerId);
  if (counter.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t('clickCounter.loading')}</Text>
      </Group>
    );
  }
  if (counter.isError) {
    return (
      <Alert color="red" role="alert" data-testid="counter-error">
        <Group gap="sm">
          <Text size="sm">{t('clickCounter.loadFailed')}</Text>
          <Button variant="default" size="xs" onClick={() => void counter.refetch()}>
            {t('app.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (counter.data.length === 0) {
    return <Text data-testid="counter-empty">{t('clickCounter.none')}</Text>;
  }
  return (
    <TableRegion
      id="counter"
      caption={t('clickCounter.caption')}
      minWidth={600}
      testId="counter-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('clickCounter.contract')}</Table.Th>
          <Table.Th scope="col">{t('clickCounter.year')}</Table.Th>
          <Table.Th scope="col">{t('clickCounter.max')}</Table.Th>
          <Table.Th scope="col">{t('clickCounter.used')}</Table.Th>
          <Table.Th scope="col">{t('clickCounter.left')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {counter.data.map((entry) => (
          <Table.Tr
            key={`${entry.contractId}-${entry.yearOfSupply}`}
            data-testid={`counter-${entry.contractId}-${entry.yearOfSupply}`}
          >
            <Table.Th scope="row">
              <Text size="sm" fw={600}>
                {entry.contractId}
              </Text>
              <Text size="xs">{entry.product}</Text>
            </Table.Th>
            <Table.Td>{entry.yearOfSupply}</Table.Td>
            <Table.Td>{entry.maxClicks}</Table.Td>
            <Table.Td>{entry.used}</Table.Td>
            <Table.Td>
              {entry.left > 0 ? (
                entry.left
              ) : (
                <Badge color="red.9" variant="filled">
                  {t('clickCounter.noneLeft')}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}

/** Clicks used and left per contract and year, for contracts that limit them. */
export function ClickCounterScreen() {
  const t = useT();
  const { customer } = useSelection();
  return (
    <Stack data-testid="screen-clickcounter">
      <Title order={1}>{t('clickCounter.title')}</Title>
      <Text>{t('clickCounter.intro')}</Text>
      {customer ? <Counter key={customer.id} customerId={customer.id} /> : <NoCustomer />}
    </Stack>
  );
}
