import { Alert } from '@mantine/core';
import { ApiError } from '@klik/api';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';

/** A failed call's message from the catalogue (any error that is not the server's: INTERNAL). */
export function ApiErrorAlert({ error, testId }: { error: Error | null; testId?: string }) {
  const t = useT();
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {t(errorMessageKeyFor(error instanceof ApiError ? error.code : 'INTERNAL'))}
    </Alert>
  );
}
