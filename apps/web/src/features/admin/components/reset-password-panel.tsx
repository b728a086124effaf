import { useState, type FormEvent } from 'react';
import { Alert, Button, Fieldset, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { NewPasswordSchema, type AdminUser, type ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useResetPassword } from '../api/users-api';
import { formFailureOf } from '../derive/form-failure';
import { asCode } from '../derive/user-form';

/** An action on a saved user beside the form: it moves the version the form is on. */
export interface UserActionProps {
  user: AdminUser;
  onChanged: (user: AdminUser) => void;
  /** The user changed meanwhile (VERSION_CONFLICT). */
  onConflict: () => void;
}

/**
 * Sets a new initial password for a user who forgot theirs; they must change it at their next
 * sign-in. A form of its own, so nothing typed in the user's details is sent with it.
 */
export function ResetPasswordPanel({ user, onChanged, onConflict }: UserActionProps) {
  const t = useT();
  const reset = useResetPassword(user.id);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ErrorCode | null>(null);
  const [done, setDone] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    const parsed = NewPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setError(asCode(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    reset.mutate(
      { version: user.version, initialPassword: parsed.data },
      {
        onSuccess: (next) => {
          setPassword('');
          setDone(true);
          onChanged(next);
        },
        onError: (failed) => {
          const failure = formFailureOf(failed);
          if (failure.kind === 'conflict') onConflict();
          else setError(failure.code);
        },
      },
    );
  }

  return (
    <Fieldset legend={t('admin.user.resetPassword.title')} data-testid="reset-password">
      <form noValidate onSubmit={submit} aria-label={t('admin.user.resetPassword.title')}>
        <Stack gap="xs">
          <Text size="sm">{t('admin.user.resetPassword.intro')}</Text>
          <Group align="flex-start" gap="sm">
            <PasswordInput
              label={t('admin.user.initialPassword')}
              description={t('admin.user.initialPasswordHint')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error ? t(errorMessageKey(error)) : undefined}
              autoComplete="new-password"
              miw={260}
              data-testid="reset-password-input"
            />
            <Button type="submit" variant="default" mt={44} loading={reset.isPending}>
              {t('admin.user.resetPassword.submit')}
            </Button>
          </Group>
          {done && (
            <Alert color="teal" role="status" data-testid="reset-password-done">
              {t('admin.user.resetPassword.done')}
            </Alert>
          )}
        </Stack>
      </form>
    </Fieldset>
  );
}
