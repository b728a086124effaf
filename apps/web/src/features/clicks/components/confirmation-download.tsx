import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { ApiError, type ClickDetail } from '@klik/api';
import { useEnv } from '../../../shared/env/use-env';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { downloadConfirmation } from '../api/download-confirmation';

/** Downloads the PDF confirmation of a completed click in the portal's language. */
export function ConfirmationDownload({ click, label }: { click: ClickDetail; label: string }) {
  const t = useT();
  const env = useEnv();
  const locale = useLocale();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [failedCode, setFailedCode] = useState<string | null>(null);

  async function download() {
    if (!session) return;
    setBusy(true);
    setFailedCode(null);
    try {
      await downloadConfirmation({
        backendUrl: env.backendUrl,
        token: session.token,
        locale,
        customerId: click.customerId,
        clickId: click.id,
      });
    } catch (error) {
      console.warn('The click confirmation could not be downloaded', error);
      setFailedCode(error instanceof ApiError ? error.code : 'INTERNAL');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        variant="default"
        loading={busy}
        onClick={() => void download()}
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
