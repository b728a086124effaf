import { Fragment, useState } from 'react';
import { ActionIcon, Badge, Checkbox, Group, Loader, Table, Text } from '@mantine/core';
import { formatDateTime, formatPercentage } from '../../../shared/format/format-numbers';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TPI_STATUS } from '../api/use-tpi-cockpit';
import type { ShownRow } from '../derive/tpi-rows';
import { LoginAsMenu } from './login-as-menu';
import { TpiLines } from './tpi-lines';

const COLUMNS = 8;

function StatusCell({ row }: { row: ShownRow }) {
  const t = useT();
  const { status, problem } = row.state;
  let label: MessageKey = 'tpi.status.loaded';
  let color = 'teal.9';
  if (status === TPI_STATUS.loading) {
    label = 'tpi.status.loading';
    color = 'blue.8';
  } else if (problem === 'failed') {
    label = 'tpi.status.failed';
    color = 'red.9';
  } else if (problem === 'noData') {
    label = 'tpi.status.noData';
    color = 'gray.8';
  }
  return (
    <Group gap={6} wrap="nowrap">
      {status === TPI_STATUS.loading && <Loader size="xs" aria-hidden />}
      <Badge
        color={color}
        variant="filled"
        data-testid={`tpi-status-${row.state.customer.id}`}
        data-status={status}
        role={problem === 'failed' ? 'alert' : undefined}
      >
        {t(label)}
      </Badge>
    </Group>
  );
}

/**
 * One row per customer, expandable to its contracts by year. The first column keeps the
 * selection the toolbar acts on (the multi-customer click).
 */
export function TpiCustomerTable({
  rows,
  selected,
  onSelect,
}: {
  rows: readonly ShownRow[];
  selected: readonly number[];
  onSelect: (selected: readonly number[]) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) => {
    const next = new Set(expanded);
    if (!next.delete(id)) next.add(id);
    setExpanded(next);
  };
  const choose = (id: number, on: boolean) =>
    onSelect(on ? [...selected, id] : selected.filter((other) => other !== id));

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={t('tpi.table.label')} data-testid="tpi-table" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('tpi.table.select')}</Table.Th>
            <Table.Th scope="col">{t('tpi.table.customer')}</Table.Th>
            <Table.Th scope="col">{t('tpi.table.status')}</Table.Th>
            <Table.Th scope="col">{t('tpi.table.lowestClicked')}</Table.Th>
            <Table.Th scope="col">{t('tpi.table.nearestDeadline')}</Table.Th>
            <Table.Th scope="col">{t('tpi.table.pending')}</Table.Th>
            <Table.Th scope="col">{t('tpi.table.actions')}</Table.Th>
            <Table.Th scope="col">{t('tpi.table.contracts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const { customer } = row.state;
            const open = expanded.has(customer.id);
            const view = row.view;
            return (
              <Fragment key={customer.id}>
                <Table.Tr data-testid={`tpi-row-${customer.id}`}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('tpi.table.selectCustomer', { customer: customer.name })}
                      checked={selected.includes(customer.id)}
                      onChange={(event) => choose(customer.id, event.currentTarget.checked)}
                      data-testid={`tpi-select-${customer.id}`}
                    />
                  </Table.Td>
                  <Table.Th scope="row" fw={600}>
                    {customer.name}
                  </Table.Th>
                  <Table.Td>
                    <StatusCell row={row} />
                  </Table.Td>
                  <Table.Td data-testid={`tpi-lowest-${customer.id}`}>
                    {view?.lowestClickedPercentage
                      ? formatPercentage(view.lowestClickedPercentage, locale)
                      : '–'}
                  </Table.Td>
                  <Table.Td>
                    {view?.nearestDeadline ? formatDateTime(view.nearestDeadline, locale) : '–'}
                  </Table.Td>
                  <Table.Td>{view ? view.pendingApprovals : '–'}</Table.Td>
                  <Table.Td>
                    <LoginAsMenu customer={customer} />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      disabled={view === null}
                      aria-expanded={open}
                      aria-controls={`tpi-lines-${customer.id}`}
                      aria-label={t(open ? 'tpi.table.collapse' : 'tpi.table.expand', {
                        customer: customer.name,
                      })}
                      onClick={() => toggle(customer.id)}
                      data-testid={`tpi-expand-${customer.id}`}
                    >
                      <Text component="span" aria-hidden>
                        {open ? '▾' : '▸'}
                      </Text>
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
                {open && view && (
                  <Table.Tr id={`tpi-lines-${customer.id}`}>
                    <Table.Td colSpan={COLUMNS}>
                      <TpiLines customerName={customer.name} lines={view.lines} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
