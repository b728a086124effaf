import type { FormEvent } from 'react';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { ApiError, ErrorCodeSchema, NewPasswordSchema, type ErrorCode } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { usePasswordForm, type PasswordFieldError } from '../../../shared/ui/use-password-form';
import { useResetPassword } from '../api/password-reset-api';
import { StrengthMeter } from './strength-meter';

type Field = 'password' | 'repeat';

function codeOf(value: string): ErrorCode {
  const parsed = ErrorCodeSchema.safeParse(value);
  return parsed.success ? parsed.data : 'RESET_FAILED';
}

/**
 * The new password and its repeat, checked here as the server checks them (8 to 20
 * characters); the server also refuses common passwords. RESET_LINK_INVALID goes to the
 * screen, which then says the link no longer works.
 */
export function ResetPasswordForm({
  token,
  onDone,
  onLinkInvalid,
}: {
  token: string;
  onDone: () => void;
  onLinkInvalid: () => void;
}) {
  const t = useT();
  const reset = useResetPassword();
  const { form, values, setErrors, formError, setFormError, message, set, countAttempt } =
    usePasswordForm<Field>({ password: '', repeat: '' }, 'resetPassword.mismatch');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    setFormError(null);
    const parsed = NewPasswordSchema.safeParse(values.password);
    const next: Partial<Record<Field, PasswordFieldError>> = {};
    if (!parsed.success) next.password = codeOf(parsed.error.issues[0]?.message ?? '');
    else if (values.repeat !== values.password) next.repeat = 'MISMATCH';
    setErrors(next);
    countAttempt();
    if (!parsed.success || next.repeat) return;
    reset.mutate(
      { token, password: parsed.data },
      {
        onSuccess: onDone,
        onError: (error) => {
          const code = error instanceof ApiError ? codeOf(error.code) : 'RESET_FAILED';
          if (code === 'RESET_LINK_INVALID') return onLinkInvalid();
          if (code.startsWith('PASSWORD_')) setErrors({ password: code });
          else setFormError('RESET_FAILED');
          countAttempt();
        },
      },
    );
  }

  return (
    <form ref={form} noValidate onSubmit={submit} aria-label={t('resetPassword.title')}>
      <Stack>
        <Text size="sm" id="reset-password-rules">
          {t('resetPassword.rules')}
        </Text>
        <div>
          <PasswordInput
            label={t('resetPassword.newPassword')}
            value={values.password}
            onChange={set('password')}
            error={message('password')}
            autoComplete="new-password"
            aria-describedby="reset-password-rules reset-password-strength"
            required
            data-testid="new-password"
          />
          <StrengthMeter password={values.password} id="reset-password-strength" />
        </div>
        <PasswordInput
          label={t('resetPassword.repeat')}
          value={values.repeat}
          onChange={set('repeat')}
          error={message('repeat')}
          autoComplete="new-password"
          required
          data-testid="repeat-password"
        />
        <ErrorAlert code={formError} testId="reset-password-error" />
        <Button type="submit" loading={reset.isPending} data-testid="reset-password-submit">
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
