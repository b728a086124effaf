import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ApiError, CONTRACT_IMPORT_MAX_BYTES, type ContractImportReport } from '@klik/api';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useContractImport } from '../api/contracts-import-api';
import { ImportFileField } from '../components/import/import-file-field';
import { ImportReportView, type ReportStage } from '../components/import/import-report-view';

interface Shown {
  stage: ReportStage;
  report: ContractImportReport;
}

/**
 * managecontract/import: an administrator checks a CSV or XLSX file with a dry run and imports
 * it only when the dry run found no issue; the server checks the file again and refuses it whole
 * when anything has changed since (docs/contracts-import.md).
 */
export function ContractsImportScreen() {
  const t = useT();
  const run = useContractImport();
  const [file, setFile] = useState<File | null>(null);
  // A new input after an import, so the chosen file's name does not linger.
  const [fieldKey, setFieldKey] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [failed, setFailed] = useState<{ code: string; dryRun: boolean } | null>(null);
  const tooLarge = file !== null && file.size > CONTRACT_IMPORT_MAX_BYTES;

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
          if (outcome.kind === 'refused') setShown({ stage: 'refused', report: outcome.report });
          else setShown({ stage: dryRun ? 'dryRun' : 'imported', report: outcome.report });
        },
        onError: (error) => {
          console.warn('The contract import failed', error);
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
    shown?.stage === 'dryRun' && shown.report.issueCount === 0 && shown.report.rowCount > 0;

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>{t('contracts.import.title')}</Title>
      <Text>{t('contracts.import.intro')}</Text>
      <ImportFileField key={fieldKey} onFile={choose} disabled={run.isPending} />
      {tooLarge && (
        <Text c="red.8" size="sm" role="alert" data-testid="contract-import-too-large">
          {t('contracts.import.tooLarge')}
        </Text>
      )}
      <Group gap="sm">
        {shown?.stage !== 'imported' && (
          <Button
            variant={mayImport ? 'default' : 'filled'}
            onClick={() => start(true)}
            disabled={!file || tooLarge || run.isPending}
            data-testid="contract-import-check"
          >
            {t(shown ? 'contracts.import.checkAgain' : 'contracts.import.check')}
          </Button>
        )}
        {mayImport && (
          <Button
            onClick={() => start(false)}
            disabled={run.isPending}
            data-testid="contract-import-confirm"
          >
            {t('contracts.import.confirm', {
              created: shown.report.created,
              changed: shown.report.changed,
            })}
          </Button>
        )}
        {shown?.stage === 'imported' && (
          <Button variant="default" onClick={again} data-testid="contract-import-again">
            {t('contracts.import.another')}
          </Button>
        )}
      </Group>
      {run.isPending && (
        <Group gap="xs" role="status" data-testid="contract-import-busy">
          <Loader size="sm" />
          <Text>
            {t(run.variables.dryRun ? 'contracts.import.checking' : 'contracts.import.importing')}
          </Text>
        </Group>
      )}
      {failed && (
        <Alert color="red" role="alert" data-testid="contract-import-failed">
          {t(failed.dryRun ? 'contracts.import.checkFailed' : 'contracts.import.importFailed', {
            reason: t(errorMessageKeyFor(failed.code)),
          })}
        </Alert>
      )}
      {shown && !run.isPending && <ImportReportView report={shown.report} stage={shown.stage} />}
    </Stack>
  );
}
