import { Stack, Table } from '@mantine/core';
import type { ContractImportLine } from '@klik/api';
import { useT } from '../../../../shared/i18n/use-t';
import { ACTION_KEYS } from './issue-message';
import { ReportPagination, usePagedRows } from './paged-rows';
import { StatusBadge, type StatusTone } from '../../../../shared/ui/status-badge';

const ACTION_TONES: Record<ContractImportLine['action'], StatusTone> = {
  create: 'success',
  change: 'info',
  unchanged: 'neutral',
};

/** Per contract in the file: created, changed (and what) or unchanged, a page at a time. */
export function ImportContractsTable({ contracts }: { contracts: ContractImportLine[] }) {
  const t = useT();
  const paged = usePagedRows(contracts);
  return (
    <Stack gap="xs">
      <Table withTableBorder fz="sm" data-testid="contract-import-contracts">
        <caption className="klik-visually-hidden">
          {t('contracts.import.contracts.caption')}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('contracts.import.column.contractId')}</Table.Th>
            <Table.Th scope="col">{t('contracts.import.column.customerId')}</Table.Th>
            <Table.Th scope="col">{t('contracts.import.column.action')}</Table.Th>
            <Table.Th scope="col">{t('contracts.import.column.rows')}</Table.Th>
            <Table.Th scope="col">{t('contracts.import.column.years')}</Table.Th>
            <Table.Th scope="col">{t('contracts.import.column.changedFields')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paged.rows.map((line) => (
            <Table.Tr key={line.contractId} data-testid={`contract-import-line-${line.contractId}`}>
              <Table.Th scope="row" fw={500}>
                {line.contractId}
              </Table.Th>
              <Table.Td>{line.customerId}</Table.Td>
              <Table.Td>
                <StatusBadge tone={ACTION_TONES[line.action]}>
                  {t(ACTION_KEYS[line.action])}
                </StatusBadge>
              </Table.Td>
              <Table.Td>
                {t('contracts.import.rowsFrom', { first: line.row, count: line.rowCount })}
              </Table.Td>
              <Table.Td>{line.yearsOfSupply.join(', ')}</Table.Td>
              <Table.Td>{line.changedFields.join(', ') || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ReportPagination
        paged={paged}
        label={t('contracts.import.contracts.pages')}
        testId="contract-import-contracts-pages"
      />
    </Stack>
  );
}
