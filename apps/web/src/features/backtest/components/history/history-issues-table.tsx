import { useState } from 'react';
import { Pagination, Stack, Table, Text } from '@mantine/core';
import type { HistoryImportReport } from '@klik/api';
import { useT } from '../../../../shared/i18n/use-t';
import { TableRegion } from '../../../../shared/ui/table-region';
import { HISTORY_ISSUE_KEYS } from './history-labels';

/** Issues shown per page; the server lists at most HISTORY_IMPORT_MAX_ISSUES. */
export const ISSUES_PAGE_SIZE = 25;

/** Every issue with its row and column, in the order of the file, a page at a time. */
export function HistoryIssuesTable({ report }: { report: HistoryImportReport }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(report.issues.length / ISSUES_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = report.issues.slice((current - 1) * ISSUES_PAGE_SIZE, current * ISSUES_PAGE_SIZE);
  return (
    <Stack gap="xs">
      {report.issueCount > report.issues.length && (
        <Text size="sm" data-testid="price-history-issues-capped">
          {t('priceHistory.import.issuesCapped', {
            shown: report.issues.length,
            count: report.issueCount,
          })}
        </Text>
      )}
      <TableRegion
        id="price-history-issues"
        caption={t('priceHistory.import.issues.caption')}
        testId="price-history-issues"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('priceHistory.import.column.row')}</Table.Th>
            <Table.Th scope="col">{t('priceHistory.import.column.column')}</Table.Th>
            <Table.Th scope="col">{t('priceHistory.import.column.issue')}</Table.Th>
            <Table.Th scope="col">{t('priceHistory.import.column.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((issue, index) => (
            <Table.Tr
              key={`${issue.row ?? 0}-${issue.column ?? ''}-${issue.code}-${index}`}
              data-testid="price-history-issue"
            >
              <Table.Td>{issue.row ?? t('priceHistory.import.wholeFile')}</Table.Td>
              <Table.Td>{issue.column ?? '—'}</Table.Td>
              <Table.Td>{t(HISTORY_ISSUE_KEYS[issue.code])}</Table.Td>
              <Table.Td>{issue.value ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableRegion>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': t(control === 'previous' ? 'app.page.previous' : 'app.page.next'),
          })}
          getItemProps={(value) => ({
            'aria-label': t('priceHistory.import.page', { page: value }),
          })}
          aria-label={t('priceHistory.import.issues.pages')}
          data-testid="price-history-issues-pages"
        />
      )}
    </Stack>
  );
}
