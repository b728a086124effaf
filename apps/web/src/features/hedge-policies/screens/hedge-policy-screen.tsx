import { useState } from 'react';
import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { isStaffRole, type HedgeYear } from '@klik/api';
import { formatDay, formatPercentage } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useSession } from '../../../shared/session/use-session';
import { LoadFailed, Loading, NoCustomer } from '../../../shared/ui/load-states';
import { useHedgeYears } from '../api/hedge-policies-api';
import { HedgePolicyForm } from '../components/hedge-policy-form';
import { HedgePositionBadge } from '../components/hedge-position-badge';
import { TableRegion } from '../../../shared/ui/table-region';

function keyOf(year: HedgeYear): string {
  return `${year.contractId}/${year.yearOfSupply}`;
}

function Years({ customerId, mayChange }: { customerId: number; mayChange: boolean }) {
  const t = useT();
  const locale = useLocale();
  const years = useHedgeYears(customerId);
  const [editing, setEditing] = useState<string | null>(null);
  if (years.isPending) return <Loading text={t('hedgePolicy.loading')} />;
  if (years.isError) {
    return (
      <LoadFailed
        text={t('hedgePolicy.loadFailed')}
        onRetry={() => void years.refetch()}
        testId="hedge-error"
      />
    );
  }
  if (years.data.length === 0) {
    return <Text data-testid="hedge-empty">{t('hedgePolicy.empty')}</Text>;
  }
  const edited = years.data.find((year) => keyOf(year) === editing) ?? null;
  return (
    <Stack gap="md">
      <TableRegion
        id="hedge"
        caption={t('hedgePolicy.caption')}
        minWidth={640}
        testId="hedge-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('hedgePolicy.col.year')}</Table.Th>
            <Table.Th scope="col">{t('hedgePolicy.col.fixed')}</Table.Th>
            <Table.Th scope="col">{t('hedgePolicy.col.corridor')}</Table.Th>
            <Table.Th scope="col">{t('hedgePolicy.col.position')}</Table.Th>
            <Table.Th scope="col">{t('hedgePolicy.col.next')}</Table.Th>
            {mayChange && <Table.Th scope="col">{t('hedgePolicy.col.action')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {years.data.map((year) => (
            <Table.Tr
              key={keyOf(year)}
              data-testid={`hedge-row-${year.contractId}-${year.yearOfSupply}`}
            >
              <Table.Th scope="row">
                {year.contractId} {year.yearOfSupply}
                <Text size="xs">{year.product}</Text>
              </Table.Th>
              <Table.Td>{formatPercentage(year.fixedShare, locale)}</Table.Td>
              <Table.Td>
                {year.corridor
                  ? t('hedgePolicy.corridor', {
                      min: formatPercentage(year.corridor.min, locale),
                      max: formatPercentage(year.corridor.max, locale),
                    })
                  : t('hedgePolicy.noPolicy')}
              </Table.Td>
              <Table.Td>
                {year.position ? (
                  <HedgePositionBadge
                    position={year.position}
                    testId={`hedge-position-${year.contractId}-${year.yearOfSupply}`}
                  />
                ) : (
                  '-'
                )}
              </Table.Td>
              <Table.Td>
                {year.nextPoint
                  ? t('hedgePolicy.nextPoint', {
                      date: formatDay(year.nextPoint.date, locale),
                      min: formatPercentage(year.nextPoint.minShare, locale),
                    })
                  : '-'}
              </Table.Td>
              {mayChange && (
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(keyOf(year))}
                    aria-label={t('hedgePolicy.editFor', {
                      contractId: year.contractId,
                      year: year.yearOfSupply,
                    })}
                    data-testid={`hedge-edit-${year.contractId}-${year.yearOfSupply}`}
                  >
                    {t(year.points ? 'hedgePolicy.edit' : 'hedgePolicy.set')}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableRegion>
      {edited && (
        <Paper withBorder p="md">
          <HedgePolicyForm
            key={keyOf(edited)}
            customerId={customerId}
            contractId={edited.contractId}
            yearOfSupply={edited.yearOfSupply}
            points={edited.points}
          />
        </Paper>
      )}
      {!mayChange && (
        <Text size="sm" c="dimmed">
          {t('hedgePolicy.readOnly')}
        </Text>
      )}
    </Stack>
  );
}

/** The hedge policy: per contract year a corridor of fixed shares, and each year against it. */
export function HedgePolicyScreen() {
  const t = useT();
  const session = useSession();
  const { customer } = useSelection();
  // Display only: the server decides (a read-only link to this customer is refused there).
  const mayChange = session !== null && !session.readOnly && !isStaffRole(session.role);
  return (
    <Stack data-testid="screen-hedgepolicy">
      <Title order={1}>{t('hedgePolicy.title')}</Title>
      <Text>{t('hedgePolicy.intro')}</Text>
      {customer ? (
        <Years key={customer.id} customerId={customer.id} mayChange={mayChange} />
      ) : (
        <NoCustomer />
      )}
    </Stack>
  );
}
