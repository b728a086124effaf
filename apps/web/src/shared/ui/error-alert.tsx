import { Alert } from '@mantine/core';
import type { ErrorCode } from '@klik/api';
import { errorMessageKey } from '../i18n/message-keys';
import { useT } from '../i18n/use-t';

/** A refusal's message from the catalogue, announced at once; nothing while there is none. */
export function ErrorAlert({ code, testId }: { code: ErrorCode | null; testId?: string }) {
  const t = useT();
  if (!code) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {t(errorMessageKey(code))}
    </Alert>
  );
}
