import { Button, Group, Stack, Text } from '@mantine/core';
import { TPI_PATHS, type TpiFilter } from '@klik/api';
import { downloadFile } from '../../../shared/api/download-file';
import { useDownload } from '../../../shared/api/use-download';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { tpiExportQuery } from '../derive/tpi-search';

/** CSV and XLSX of the cockpit's lines as filtered and ordered, written by the server. */
export function TpiExportButtons({ filter }: { filter: TpiFilter }) {
  const t = useT();
  const download = useDownload('The TPI export');
  const start = (format: 'csv' | 'xlsx') =>
    void download.start(({ backendUrl, token, locale }) =>
      downloadFile({
        url: `${backendUrl.replace(/\/+$/, '')}${TPI_PATHS.export}${tpiExportQuery(filter, format)}`,
        token,
        locale,
        fallbackName: `klik-tpi.${format}`,
      }),
    );
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            size="xs"
            disabled={download.busy}
            onClick={() => start(format)}
            data-testid={`tpi-export-${format}`}
          >
            {t(format === 'csv' ? 'clicks.export.csv' : 'clicks.export.xlsx')}
          </Button>
        ))}
      </Group>
      {download.failedCode && (
        <Text size="sm" c="red.8" role="alert" data-testid="tpi-export-failed">
          {t('clicks.export.failed', { reason: t(errorMessageKeyFor(download.failedCode)) })}
        </Text>
      )}
    </Stack>
  );
}
