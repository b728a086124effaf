import { Stack, Table, Text } from '@mantine/core';
import type { ContractImportReport } from '@klik/api';
import { useT } from '../../../../shared/i18n/use-t';
import { issueMessageKey } from './issue-message';
import { ReportPagination, usePagedRows } from './paged-rows';

/** Every issue with its row and column, in the order of the file, a page at a time. */
export function ImportIssuesTable({ report }: { report: ContractImportReport }) {
  const t = useT();
  const paged = usePagedRows(report.issues);
  return (
    <Stack gap="xs">
      {report.issueCount > report.issues.length && (
        <Text size="sm" data-testid="contract-import-issues-capped">
          {t('contracts.import.issuesCapped', {
            shown: report.issues.length,
            count: report.issueCount,
          })}
        </Text>
      )}
      <Table withTableBorder fz="sm" data-testid="contract-import-issues">
        <caption className="klik-visually-hidden">{t('contracts.import.issues.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('contracts.import.column.row')}</Table.Th>
            <Table.Th scope="col">{t('contracts.import.column.column')}</Table.Th>
            <Table.Th scope="col">{t('contracts.import.column.issue')}</Table.Th>
            <Table.Th scope="col">{t('contracts.import.column.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paged.rows.map((issue, index) => (
            <Table.Tr
              key={`${issue.row ?? 0}-${issue.column ?? ''}-${issue.code}-${index}`}
              data-testid="contract-import-issue"
            >
              <Table.Td>{issue.row ?? t('contracts.import.wholeFile')}</Table.Td>
              <Table.Td>{issue.column ?? '—'}</Table.Td>
              <Table.Td>{t(issueMessageKey(issue.code))}</Table.Td>
              <Table.Td>{issue.value ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ReportPagination
        paged={paged}
        label={t('contracts.import.issues.pages')}
        testId="contract-import-issues-pages"
      />
    </Stack>
  );
}
