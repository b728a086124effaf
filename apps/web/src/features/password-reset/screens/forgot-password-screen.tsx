import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ForgotPasswordBodySchema } from '@klik/api';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';
import { PublicPage } from '../../../shared/ui/public-page';
import { useForgotPassword } from '../api/password-reset-api';

/**
 * forgotpassword: a username or e-mail address; whatever the server knows of it, the same
 * confirmation follows, so the screen reveals no more than the server does.
 */
export function ForgotPasswordScreen() {
  const t = useT();
  const forgot = useForgotPassword();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgot.isPending) return;
    const parsed = ForgotPasswordBodySchema.safeParse({ usernameOrEmail: value });
    if (!parsed.success) {
      setFieldError(t(errorMessageKeyFor(parsed.error.issues[0]?.message ?? 'USERNAME_REQUIRED')));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    forgot.mutate(parsed.data);
  }

  return (
    <PublicPage>
      <Paper withBorder p="lg" shadow="xs" data-testid="screen-forgotpassword">
        <Stack>
          <Title order={1} size="h3">
            {t('forgotPassword.title')}
          </Title>
          {forgot.isSuccess ? (
            <Alert color="green" role="status" data-testid="forgot-password-sent">
              {t('forgotPassword.sent')}
            </Alert>
          ) : (
            <form noValidate onSubmit={submit} aria-label={t('forgotPassword.title')}>
              <Stack>
                <Text>{t('forgotPassword.body')}</Text>
                <TextInput
                  ref={input}
                  label={t('forgotPassword.field')}
                  value={value}
                  onChange={(event) => setValue(event.currentTarget.value)}
                  error={fieldError}
                  autoComplete="username"
                  required
                  data-testid="forgot-password-field"
                />
                {forgot.isError && (
                  <Alert color="red" role="alert" data-testid="forgot-password-error">
                    {t('forgotPassword.failed')}
                  </Alert>
                )}
                <Button
                  type="submit"
                  loading={forgot.isPending}
                  data-testid="forgot-password-submit"
                >
                  {t('forgotPassword.submit')}
                </Button>
              </Stack>
            </form>
          )}
          <Anchor component={Link} to={PATHS.login}>
            {t('forgotPassword.backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </PublicPage>
  );
}
