import type { FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, ChangePasswordBodySchema, ErrorCodeSchema, type ErrorCode } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { targetAfterLogin } from '../../../shared/routing/access';
import { PATHS, RETURN_URL_PARAM } from '../../../shared/routing/paths';
import { clearLocalSession, sessionValue } from '../../../shared/session/session-store';
import { useSession } from '../../../shared/session/use-session';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { PublicPage } from '../../../shared/ui/public-page';
import { usePasswordForm, type PasswordFieldError } from '../../../shared/ui/use-password-form';
import { useChangePassword } from '../api/use-change-password';

type Field = 'currentPassword' | 'newPassword' | 'repeat';

function codeOf(message: string): ErrorCode {
  const parsed = ErrorCodeSchema.safeParse(message);
  return parsed.success ? parsed.data : 'VALIDATION_FAILED';
}

const PASSWORD_FIELDS = [
  {
    field: 'currentPassword',
    label: 'account.password.current',
    hint: null,
    autoComplete: 'current-password',
    testId: 'current-password',
  },
  {
    field: 'newPassword',
    label: 'account.password.new',
    hint: 'account.password.rule',
    autoComplete: 'new-password',
    testId: 'new-password',
  },
  {
    field: 'repeat',
    label: 'account.password.repeat',
    hint: null,
    autoComplete: 'new-password',
    testId: 'repeat-password',
  },
] as const satisfies readonly {
  field: Field;
  label: MessageKey;
  hint: MessageKey | null;
  autoComplete: string;
  testId: string;
}[];

/** Which field a refusal of the server is about. */
function fieldOf(code: ErrorCode): Field | null {
  if (code === 'CURRENT_PASSWORD_WRONG') return 'currentPassword';
  if (code === 'PASSWORD_NOT_CHANGED' || code.startsWith('PASSWORD_TOO')) return 'newPassword';
  return null;
}

/**
 * changepassword: a user who signed in with an initial password an administrator set chooses their
 * own before anything else; afterwards they go where they were going.
 */
export function ChangePasswordScreen() {
  const t = useT();
  const api = useApiClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const change = useChangePassword();
  const { form, values, setErrors, formError, setFormError, message, set, countAttempt } =
    usePasswordForm<Field>(
      { currentPassword: '', newPassword: '', repeat: '' },
      'account.password.mismatch',
    );
  if (!session) return null;
  const current = session;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    countAttempt();
    setFormError(null);
    const parsed = ChangePasswordBodySchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const next: Partial<Record<Field, PasswordFieldError>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'currentPassword' ? 'currentPassword' : 'newPassword';
        next[field] ??= codeOf(issue.message);
      }
    }
    if (values.repeat !== values.newPassword) next.repeat = 'MISMATCH';
    setErrors(next);
    if (!parsed.success || next.repeat) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        sessionValue.set({ ...current, ...sessionValue.get(), mustChangePassword: false });
        void navigate(targetAfterLogin(searchParams.get(RETURN_URL_PARAM), current), {
          replace: true,
          state: { passwordChanged: true },
        });
      },
      onError: (error) => {
        const code = codeOf(error instanceof ApiError ? error.code : 'INTERNAL');
        const field = fieldOf(code);
        if (field) setErrors({ [field]: code });
        else setFormError(code);
        countAttempt();
      },
    });
  }

  function signOut() {
    const previous = clearLocalSession();
    void navigate(PATHS.login, { replace: true });
    if (previous) {
      api.logout(previous.token).catch((error: unknown) => {
        console.warn('Logout failed on the server', error);
      });
    }
  }

  return (
    <PublicPage>
      <Stack data-testid="screen-changepassword">
        <Title order={1}>{t('account.password.title')}</Title>
        <Text>
          {t(
            session.mustChangePassword === true
              ? 'account.password.mustIntro'
              : 'account.password.intro',
            { name: session.name },
          )}
        </Text>
        <form ref={form} noValidate onSubmit={submit} aria-label={t('account.password.title')}>
          <Stack>
            {PASSWORD_FIELDS.map(({ field, label, hint, autoComplete, testId }) => (
              <PasswordInput
                key={field}
                label={t(label)}
                description={hint ? t(hint) : undefined}
                value={values[field]}
                onChange={set(field)}
                error={message(field)}
                autoComplete={autoComplete}
                required
                data-testid={testId}
              />
            ))}
            <ErrorAlert code={formError} testId="change-password-error" />
            <Button type="submit" loading={change.isPending} data-testid="change-password">
              {t('account.password.submit')}
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={signOut}>
              {t('account.password.signOut')}
            </Anchor>
          </Stack>
        </form>
      </Stack>
    </PublicPage>
  );
}
