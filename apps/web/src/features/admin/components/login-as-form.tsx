import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, TextInput, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { homePath } from '../../../shared/routing/access';
import { useLoginAs } from '../api/use-login-as';
import { continueAs } from '../../../shared/session/impersonation';

/** Lets an admin or account manager continue as one of the customers' users. */
export function LoginAsForm() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const loginAs = useLoginAs();
  const [username, setUsername] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [failedCode, setFailedCode] = useState<string | null>(null);
  const missing = attempted && username.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setFailedCode(null);
    if (username.trim() === '' || loginAs.isPending) return;
    loginAs.mutate(username.trim(), {
      onSuccess: (session) => {
        continueAs(session, `${location.pathname}${location.search}`);
        // The administrator lands where the user would after signing in themselves.
        void navigate(homePath(session), { replace: true });
      },
      onError: (error) => {
        console.warn('Login as user failed', error);
        setFailedCode(error instanceof ApiError ? error.code : 'INTERNAL');
      },
    });
  }

  return (
    <form data-testid="login-as-form" noValidate onSubmit={submit} aria-labelledby="login-as-title">
      <Title order={2} size="h4" id="login-as-title" mb="sm">
        {t('admin.loginAs.title')}
      </Title>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={t('admin.loginAs.username')}
          name="loginAsUsername"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={missing ? t('admin.loginAs.required') : undefined}
          disabled={loginAs.isPending}
          required
          withAsterisk={false}
          miw={260}
        />
        <Button type="submit" loading={loginAs.isPending} mt={25}>
          {t('admin.loginAs.submit')}
        </Button>
      </Group>
      {failedCode !== null && (
        <Alert color="red" role="alert" mt="sm" data-testid="login-as-error">
          {t('admin.loginAs.failed', { reason: t(errorMessageKeyFor(failedCode)) })}
        </Alert>
      )}
    </form>
  );
}
