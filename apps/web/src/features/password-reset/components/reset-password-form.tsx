import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { ApiError, ErrorCodeSchema, NewPasswordSchema, type ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useResetPassword } from '../api/password-reset-api';
import { StrengthMeter } from './strength-meter';

type Field = 'password' | 'repeat';
type Errors = Partial<Record<Field, ErrorCode | 'MISMATCH'>>;

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
  const [values, setValues] = useState({ password: '', repeat: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const message = (code: ErrorCode | 'MISMATCH' | undefined) =>
    code === undefined
      ? undefined
      : code === 'MISMATCH'
        ? t('resetPassword.mismatch')
        : t(errorMessageKey(code));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    setFormError(null);
    const parsed = NewPasswordSchema.safeParse(values.password);
    const next: Errors = {};
    if (!parsed.success) next.password = codeOf(parsed.error.issues[0]?.message ?? '');
    else if (values.repeat !== values.password) next.repeat = 'MISMATCH';
    setErrors(next);
    setAttempt((count) => count + 1);
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
          setAttempt((count) => count + 1);
        },
      },
    );
  }

  const set = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((old) => ({ ...old, [field]: value }));
  };

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
            error={message(errors.password)}
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
          error={message(errors.repeat)}
          autoComplete="new-password"
          required
          data-testid="repeat-password"
        />
        {formError && (
          <Alert color="red" role="alert" data-testid="reset-password-error">
            {t(errorMessageKey(formError))}
          </Alert>
        )}
        <Button type="submit" loading={reset.isPending} data-testid="reset-password-submit">
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
