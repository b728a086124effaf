import { Alert, Stack, Text, Title } from '@mantine/core';
import type { HistoryImportReport } from '@klik/api';
import { useT } from '../../../../shared/i18n/use-t';
import { HistoryIssuesTable } from './history-issues-table';

export type HistoryReportStage = 'dryRun' | 'imported' | 'refused';

const TITLE_KEYS = {
  dryRun: 'priceHistory.import.stage.dryRun',
  imported: 'priceHistory.import.stage.imported',
  refused: 'priceHistory.import.stage.refused',
} as const;

/**
 * A report as the server answered it: the counts per instrument day and every issue. A dry run
 * with issues and a refused import say plainly that nothing is imported.
 */
export function HistoryImportReportView({
  report,
  stage,
}: {
  report: HistoryImportReport;
  stage: HistoryReportStage;
}) {
  const t = useT();
  const counts = {
    rows: report.rowCount,
    created: report.created,
    changed: report.changed,
    unchanged: report.unchanged,
  };
  return (
    <Stack gap="sm" data-testid={`price-history-report-${stage}`}>
      <Title order={2} size="h3">
        {t(TITLE_KEYS[stage])}
      </Title>
      {stage === 'imported' ? (
        <Alert color="green" role="status" data-testid="price-history-done">
          {t('priceHistory.import.done', counts)}
        </Alert>
      ) : (
        <Text data-testid="price-history-summary">{t('priceHistory.import.summary', counts)}</Text>
      )}
      {stage === 'refused' && (
        <Alert color="red" role="alert" data-testid="price-history-refused">
          {t('priceHistory.import.refused', { count: report.issueCount })}
        </Alert>
      )}
      {stage === 'dryRun' &&
        (report.issueCount > 0 ? (
          <Alert color="red" role="alert" data-testid="price-history-has-issues">
            {t('priceHistory.import.hasIssues', { count: report.issueCount })}
          </Alert>
        ) : report.rowCount === 0 ? (
          <Alert color="yellow" data-testid="price-history-no-rows">
            {t('priceHistory.import.noRows')}
          </Alert>
        ) : (
          <Alert color="green" data-testid="price-history-clean">
            {t('priceHistory.import.clean')}
          </Alert>
        ))}
      {report.issues.length > 0 && (
        <section aria-labelledby="price-history-issues-title">
          <Title order={3} size="h4" id="price-history-issues-title" mb="xs">
            {t('priceHistory.import.issues.title', { count: report.issueCount })}
          </Title>
          <HistoryIssuesTable report={report} />
        </section>
      )}
    </Stack>
  );
}
