import { useState } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { ADMIN_PATHS, ApiError, AUDIT_EXPORT_MAX_ROWS } from '@klik/api';
import { downloadFile } from '../../../shared/api/download-file';
import { useEnv } from '../../../shared/env/use-env';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';

/**
 * "Export CSV" with the screen's filters. It is a link to the export itself (so it shows where it
 * goes), fetched with the session's token on a click, since a plain link cannot send it.
 */
export function AuditExportLink({ filters }: { filters: string }) {
  const t = useT();
  const env = useEnv();
  const locale = useLocale();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [failedCode, setFailedCode] = useState<string | null>(null);
  const href = `${env.backendUrl.replace(/\/+$/, '')}${ADMIN_PATHS.auditExport}${
    filters === '' ? '' : `?${filters}`
  }`;

  async function download() {
    if (!session || busy) return;
    setBusy(true);
    setFailedCode(null);
    try {
      await downloadFile({
        url: href,
        token: session.token,
        locale,
        fallbackName: 'klik-audit.csv',
      });
    } catch (error) {
      console.warn('The audit export could not be downloaded', error);
      setFailedCode(error instanceof ApiError ? error.code : 'INTERNAL');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={2} align="flex-end">
      <Anchor
        href={href}
        onClick={(event) => {
          event.preventDefault();
          void download();
        }}
        aria-busy={busy}
        aria-describedby="audit-export-hint"
        data-testid="audit-export"
      >
        {t(busy ? 'admin.audit.exporting' : 'admin.audit.export')}
      </Anchor>
      <Text size="xs" c="dimmed" id="audit-export-hint">
        {t('admin.audit.exportHint', { max: AUDIT_EXPORT_MAX_ROWS })}
      </Text>
      {failedCode && (
        <Text size="sm" c="red.8" role="alert" data-testid="audit-export-failed">
          {t('admin.audit.exportFailed', { reason: t(errorMessageKeyFor(failedCode)) })}
        </Text>
      )}
    </Stack>
  );
}
