import { Alert, Stack, Text, Title } from '@mantine/core';
import type { ContractImportReport } from '@klik/api';
import { useT } from '../../../../shared/i18n/use-t';
import { ImportContractsTable } from './import-contracts-table';
import { ImportIssuesTable } from './import-issues-table';

export type ReportStage = 'dryRun' | 'imported' | 'refused';

const TITLE_KEYS = {
  dryRun: 'contracts.import.stage.dryRun',
  imported: 'contracts.import.stage.imported',
  refused: 'contracts.import.stage.refused',
} as const;

/**
 * A report as the server answered it: the counts, what the file holds per contract and every
 * issue. A dry run with issues and a refused import say plainly that nothing is imported.
 */
export function ImportReportView({
  report,
  stage,
}: {
  report: ContractImportReport;
  stage: ReportStage;
}) {
  const t = useT();
  const counts = {
    rows: report.rowCount,
    created: report.created,
    changed: report.changed,
    unchanged: report.unchanged,
  };
  return (
    <Stack gap="sm" data-testid={`contract-import-report-${stage}`}>
      <Title order={2} size="h3">
        {t(TITLE_KEYS[stage])}
      </Title>
      {stage === 'imported' ? (
        <Alert color="green" role="status" data-testid="contract-import-done">
          {t('contracts.import.done', counts)}
        </Alert>
      ) : (
        <Text data-testid="contract-import-summary">{t('contracts.import.summary', counts)}</Text>
      )}
      {stage === 'refused' && (
        <Alert color="red" role="alert" data-testid="contract-import-refused">
          {t('contracts.import.refused', { count: report.issueCount })}
        </Alert>
      )}
      {stage === 'dryRun' &&
        (report.issueCount === 0 ? (
          <Alert color="green" data-testid="contract-import-clean">
            {t('contracts.import.clean')}
          </Alert>
        ) : (
          <Alert color="red" role="alert" data-testid="contract-import-has-issues">
            {t('contracts.import.hasIssues', { count: report.issueCount })}
          </Alert>
        ))}
      {report.issues.length > 0 && (
        <section aria-labelledby="contract-import-issues-title">
          <Title order={3} size="h4" id="contract-import-issues-title" mb="xs">
            {t('contracts.import.issues.title', { count: report.issueCount })}
          </Title>
          <ImportIssuesTable report={report} />
        </section>
      )}
      {report.contracts.length > 0 && (
        <section aria-labelledby="contract-import-contracts-title">
          <Title order={3} size="h4" id="contract-import-contracts-title" mb="xs">
            {t('contracts.import.contracts.title', { count: report.contracts.length })}
          </Title>
          <ImportContractsTable contracts={report.contracts} />
        </section>
      )}
    </Stack>
  );
}
