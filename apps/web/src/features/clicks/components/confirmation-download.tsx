import { Button, Stack, Text } from '@mantine/core';
import type { ClickDetail } from '@klik/api';
import { useDownload } from '../../../shared/api/use-download';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { downloadConfirmation } from '../api/download-confirmation';

/** Downloads the PDF confirmation of a completed click in the portal's language. */
export function ConfirmationDownload({ click, label }: { click: ClickDetail; label: string }) {
  const t = useT();
  const { busy, failedCode, start } = useDownload('The click confirmation');

  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        variant="default"
        loading={busy}
        onClick={() =>
          void start((context) =>
            downloadConfirmation({ ...context, customerId: click.customerId, clickId: click.id }),
          )
        }
        aria-label={t('clicks.confirmation.downloadLabel', { click: label })}
        data-testid={`confirmation-${click.id}`}
      >
        {t('clicks.confirmation.download')}
      </Button>
      {failedCode && (
        <Text size="xs" c="red.8" role="alert" data-testid={`confirmation-failed-${click.id}`}>
          {t('clicks.confirmation.failed', { reason: t(errorMessageKeyFor(failedCode)) })}
        </Text>
      )}
    </Stack>
  );
}
