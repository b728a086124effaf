import { Button, Group, Stack, Text } from '@mantine/core';
import { downloadFile } from '../api/download-file';
import { useDownload } from '../api/use-download';
import { errorMessageKeyFor } from '../i18n/message-keys';
import { useT } from '../i18n/use-t';

export type ExportFileFormat = 'csv' | 'xlsx';

/**
 * CSV and XLSX buttons for a file the server writes: each fetches `pathOf(format)` (a path with
 * its query, on the backend) with the session and hands it to the browser as a download; a
 * refusal is said below the buttons.
 */
export function ExportButtons({
  pathOf,
  fallbackName,
  description,
  testId,
}: {
  pathOf: (format: ExportFileFormat) => string;
  /** The file's name without extension when the server gives none, e.g. `klik-tpi`. */
  fallbackName: string;
  /** What is downloaded, for the log when it fails. */
  description: string;
  /** The buttons are `${testId}-csv` and `${testId}-xlsx`, the refusal `${testId}-failed`. */
  testId: string;
}) {
  const t = useT();
  const download = useDownload(description);
  const start = (format: ExportFileFormat) =>
    void download.start(({ backendUrl, token, locale }) =>
      downloadFile({
        url: `${backendUrl.replace(/\/+$/, '')}${pathOf(format)}`,
        token,
        locale,
        fallbackName: `${fallbackName}.${format}`,
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
            data-testid={`${testId}-${format}`}
          >
            {t(format === 'csv' ? 'clicks.export.csv' : 'clicks.export.xlsx')}
          </Button>
        ))}
      </Group>
      {download.failedCode && (
        <Text size="sm" c="red.8" role="alert" data-testid={`${testId}-failed`}>
          {t('clicks.export.failed', { reason: t(errorMessageKeyFor(download.failedCode)) })}
        </Text>
      )}
    </Stack>
  );
}
