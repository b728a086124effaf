import { Button, Group, Stack, Text } from '@mantine/core';
import { BACKTEST_PATHS, pathTo, type StrategyParameters } from '@klik/api';
import { downloadFile } from '../../../shared/api/download-file';
import { useDownload } from '../../../shared/api/use-download';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { replayQuery } from '../derive/backtest-search';

const FORMATS: readonly { format: 'csv' | 'xlsx' | 'pdf'; label: MessageKey }[] = [
  { format: 'csv', label: 'clicks.export.csv' },
  { format: 'xlsx', label: 'clicks.export.xlsx' },
  { format: 'pdf', label: 'backtest.export.pdf' },
];

/**
 * The replay as a file (CSV, XLSX or PDF) with the parameters on screen, written by the server in
 * the user's language.
 */
export function BacktestExportButtons({
  customerId,
  contractId,
  yearOfSupply,
  parameters,
}: {
  customerId: number;
  contractId: string;
  yearOfSupply: number;
  parameters: StrategyParameters;
}) {
  const t = useT();
  const locale = useLocale();
  const download = useDownload('The strategy export');
  const start = (format: 'csv' | 'xlsx' | 'pdf') =>
    void download.start(({ backendUrl, token }) =>
      downloadFile({
        url: `${backendUrl.replace(/\/+$/, '')}${pathTo(BACKTEST_PATHS.export, {
          customerId,
        })}?${replayQuery(contractId, yearOfSupply, parameters)}&format=${format}&locale=${locale}`,
        token,
        locale,
        fallbackName: `klik-strategy-${contractId}-${yearOfSupply}.${format}`,
      }),
    );
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            variant="default"
            size="xs"
            disabled={download.busy}
            onClick={() => start(format)}
            data-testid={`backtest-export-${format}`}
          >
            {t(label)}
          </Button>
        ))}
      </Group>
      {download.failedCode && (
        <Text size="sm" c="red.8" role="alert" data-testid="backtest-export-failed">
          {t('clicks.export.failed', { reason: t(errorMessageKeyFor(download.failedCode)) })}
        </Text>
      )}
    </Stack>
  );
}
