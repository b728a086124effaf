import { useState } from 'react';
import { Alert, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  ApiError,
  HISTORY_IMPORT_MAX_BYTES,
  principalOf,
  reachOf,
  type HistoryImportReport,
  type UserSession,
} from '@klik/api';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { useHistoryImport } from '../api/price-history-api';
import { HistoryCoverageTable } from '../components/history/history-coverage-table';
import { HistoryFileField } from '../components/history/history-file-field';
import {
  HistoryImportReportView,
  type HistoryReportStage,
} from '../components/history/history-import-report';

/** The permission matrix's word on importing (a read-only administrator may not). */
function mayImportHistory(session: UserSession | null): boolean {
  if (!session) return false;
  const principal = principalOf(session.role, session.manageUsers === true, session.allowTPIPage);
  return reachOf('priceHistory.import', principal, session.readOnly) !== 'none';
}

interface Shown {
  stage: HistoryReportStage;
  report: HistoryImportReport;
  /** The file the report is about: importing is offered for this file alone. */
  file: File;
}

/**
 * pricehistory: an administrator checks a settlement price file (CSV) with a dry run and imports
 * it only when that dry run of the same file found no issue; the server checks it again and
 * refuses it whole when it has any. Below, what history is kept (docs/backtest.md).
 */
export function PriceHistoryImportScreen() {
  const t = useT();
  const allowed = mayImportHistory(useSession());
  const run = useHistoryImport();
  const [file, setFile] = useState<File | null>(null);
  // A new input after an import, so the chosen file's name does not linger.
  const [fieldKey, setFieldKey] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [failed, setFailed] = useState<{ code: string; dryRun: boolean } | null>(null);
  const tooLarge = file !== null && file.size > HISTORY_IMPORT_MAX_BYTES;

  function choose(next: File | null) {
    setFile(next);
    setShown(null);
    setFailed(null);
    run.reset();
  }

  function start(dryRun: boolean) {
    if (!file || tooLarge) return;
    setFailed(null);
    run.mutate(
      { file, dryRun },
      {
        onSuccess: (outcome) => {
          const stage = outcome.kind === 'refused' ? 'refused' : dryRun ? 'dryRun' : 'imported';
          setShown({ stage, report: outcome.report, file });
        },
        onError: (error) => {
          console.warn('The price history import failed', error);
          setFailed({ code: error instanceof ApiError ? error.code : 'INTERNAL', dryRun });
        },
      },
    );
  }

  function again() {
    choose(null);
    setFieldKey((key) => key + 1);
  }

  const mayImport =
    file !== null &&
    shown?.file === file &&
    shown.stage === 'dryRun' &&
    shown.report.issueCount === 0 &&
    shown.report.rowCount > 0;
  const imported = shown?.stage === 'imported';

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap="md">
        <Title order={1}>{t('priceHistory.title')}</Title>
        <Text>{t('priceHistory.intro')}</Text>
        {allowed ? (
          <>
            <HistoryFileField key={fieldKey} onFile={choose} disabled={run.isPending} />
            {tooLarge && (
              <Text c="red.8" size="sm" role="alert" data-testid="price-history-too-large">
                {t('priceHistory.import.tooLarge', {
                  megabytes: HISTORY_IMPORT_MAX_BYTES / (1024 * 1024),
                })}
              </Text>
            )}
            {imported ? (
              <Group gap="sm">
                <Button variant="default" onClick={again} data-testid="price-history-again">
                  {t('priceHistory.import.another')}
                </Button>
              </Group>
            ) : (
              <Stack gap={4}>
                <Group gap="sm">
                  <Button
                    variant={mayImport ? 'default' : 'filled'}
                    onClick={() => start(true)}
                    disabled={!file || tooLarge || run.isPending}
                    data-testid="price-history-check"
                  >
                    {t(shown ? 'priceHistory.import.checkAgain' : 'priceHistory.import.check')}
                  </Button>
                  <Button
                    onClick={() => start(false)}
                    disabled={!mayImport || run.isPending}
                    aria-describedby={mayImport ? undefined : 'price-history-confirm-hint'}
                    data-testid="price-history-confirm"
                  >
                    {t('priceHistory.import.confirm')}
                  </Button>
                </Group>
                {!mayImport && (
                  <Text size="xs" c="dimmed" id="price-history-confirm-hint">
                    {t('priceHistory.import.confirmHint')}
                  </Text>
                )}
              </Stack>
            )}
            {run.isPending && (
              <Group gap="xs" role="status" data-testid="price-history-busy">
                <Loader size="sm" />
                <Text>
                  {t(
                    run.variables.dryRun
                      ? 'priceHistory.import.checking'
                      : 'priceHistory.import.importing',
                  )}
                </Text>
              </Group>
            )}
            {failed && (
              <Alert color="red" role="alert" data-testid="price-history-failed">
                {t(
                  failed.dryRun
                    ? 'priceHistory.import.checkFailed'
                    : 'priceHistory.import.importFailed',
                  { reason: t(errorMessageKeyFor(failed.code)) },
                )}
              </Alert>
            )}
            {shown && !run.isPending && (
              <HistoryImportReportView report={shown.report} stage={shown.stage} />
            )}
          </>
        ) : (
          <Alert color="gray" data-testid="price-history-not-allowed">
            {t('priceHistory.import.notAllowed')}
          </Alert>
        )}
      </Stack>
      <Divider />
      <HistoryCoverageTable />
    </Stack>
  );
}
