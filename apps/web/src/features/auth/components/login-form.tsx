import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { LoginBody } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';
import { isLoginValid, toLoginBody, validateLogin } from '../login-validation';
import type { LoginFailure } from '../login-failure';
import { useLoginFailureText } from '../use-login-failure-text';
import { SsoLink } from './sso-link';

interface LoginFormProps {
  loading: boolean;
  failure: LoginFailure | null;
  /** The server asked for the authenticator code (an administrator's second factor). */
  askCode: boolean;
  onSubmit: (body: LoginBody) => void;
  onInvalidAttempt: () => void;
}

export function LoginForm({
  loading,
  failure,
  askCode,
  onSubmit,
  onInvalidAttempt,
}: LoginFormProps) {
  const t = useT();
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [code, setCode] = useState('');
  const [attempted, setAttempted] = useState(false);
  const errors = attempted ? validateLogin(values) : {};
  const failureText = useLoginFailureText(failure);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setAttempted(true);
    if (!isLoginValid(validateLogin(values))) {
      onInvalidAttempt();
      return;
    }
    const totpCode = askCode && code.trim() !== '' ? code.trim() : undefined;
    onSubmit(toLoginBody({ ...values, totpCode }));
  }

  return (
    <form data-testid="login-form" noValidate onSubmit={submit} aria-busy={loading}>
      <Stack>
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={(event) => {
            const username = event.currentTarget.value;
            setValues((current) => ({ ...current, username }));
          }}
          error={errors.username ? t(errors.username) : undefined}
          disabled={loading}
          required
          withAsterisk={false}
        />
        <PasswordInput
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => {
            const password = event.currentTarget.value;
            setValues((current) => ({ ...current, password }));
          }}
          error={errors.password ? t(errors.password) : undefined}
          disabled={loading}
          required
          withAsterisk={false}
        />
        {askCode && (
          <TextInput
            label={t('login.totpCode')}
            name="totpCode"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            disabled={loading}
            data-testid="login-totp-code"
          />
        )}
        {failureText && (
          <Alert color="red" role="alert" data-testid="login-error" lang={failureText.lang}>
            {failureText.text}
          </Alert>
        )}
        <Button type="submit" loading={loading} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        {loading && (
          <span className="klik-visually-hidden" role="status">
            {t('login.loading')}
          </span>
        )}
        <Anchor component={Link} to={PATHS.forgotPassword} size="sm">
          {t('login.forgotPassword')}
        </Anchor>
        <SsoLink />
      </Stack>
    </form>
  );
}
