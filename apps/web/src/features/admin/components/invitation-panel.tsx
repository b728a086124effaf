import { useState } from 'react';
import { Alert, Button, Fieldset, Stack, Text } from '@mantine/core';
import type { ErrorCode } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useResendInvitation } from '../api/users-api';
import { errorCodeOf } from '../derive/form-failure';
import type { UserActionProps } from './reset-password-panel';
import { ErrorAlert } from '../../../shared/ui/error-alert';

/**
 * E-mails the user a new link to choose their password (valid 7 days), e.g. when the invitation
 * expired or went astray; the earlier link stops working. Needs an active user with an address.
 */
export function InvitationPanel({ user, onChanged }: Omit<UserActionProps, 'onConflict'>) {
  const t = useT();
  const resend = useResendInvitation(user.id);
  const [error, setError] = useState<ErrorCode | null>(null);

  function send() {
    setError(null);
    resend.mutate(undefined, {
      onSuccess: (next) => onChanged(next),
      onError: (failed) => setError(errorCodeOf(failed)),
    });
  }

  return (
    <Fieldset legend={t('admin.user.invitation.title')} data-testid="invitation">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('admin.user.invitation.intro', { email: user.email ?? '' })}</Text>
        <Button
          variant="default"
          onClick={send}
          loading={resend.isPending}
          data-testid="invitation-send"
        >
          {t('admin.user.invitation.submit')}
        </Button>
        {resend.isSuccess && (
          <Alert color="teal" role="status" data-testid="invitation-sent">
            {t('admin.user.invitation.done')}
          </Alert>
        )}
        <ErrorAlert code={error} testId="invitation-error" />
      </Stack>
    </Fieldset>
  );
}
