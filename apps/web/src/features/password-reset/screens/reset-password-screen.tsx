import { useState } from 'react';
import { Alert, Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { PASSWORD_SET_STATE } from '../../../shared/routing/password-set';
import { PATHS } from '../../../shared/routing/paths';
import { PublicPage } from '../../../shared/ui/public-page';
import { useResetLink } from '../api/password-reset-api';
import { ResetPasswordForm } from '../components/reset-password-form';

/** The link's token travels in the query: /resetpassword?token=... */
const TOKEN_PARAM = 'token';

function InvalidLink() {
  const t = useT();
  return (
    <Stack data-testid="reset-link-invalid">
      <Alert color="red" role="alert">
        {t('error.resetLinkInvalid')}
      </Alert>
      <Anchor component={Link} to={PATHS.forgotPassword}>
        {t('resetPassword.requestNew')}
      </Anchor>
    </Stack>
  );
}

/**
 * resetpassword: a reset or invitation link. The link is checked before anything is typed; a
 * used, expired or unknown one says so and offers a new one. After saving, the user signs in.
 */
export function ResetPasswordScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get(TOKEN_PARAM)?.trim() ?? '';
  const link = useResetLink(token);
  const [usedUp, setUsedUp] = useState(false);

  const invalid =
    token === '' ||
    usedUp ||
    (link.error instanceof ApiError && link.error.code === 'RESET_LINK_INVALID');

  let content;
  if (invalid) {
    content = <InvalidLink />;
  } else if (link.isPending) {
    content = (
      <Stack align="center" role="status" data-testid="reset-link-checking">
        <Loader size="sm" aria-hidden />
        <Text>{t('resetPassword.checking')}</Text>
      </Stack>
    );
  } else if (link.isError) {
    content = (
      <Stack>
        <Alert color="red" role="alert" data-testid="reset-link-check-failed">
          {t('resetPassword.checkFailed')}
        </Alert>
        <Button variant="light" onClick={() => void link.refetch()}>
          {t('resetPassword.retry')}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <Stack>
        <Text>{t('resetPassword.forUser', { username: link.data.username })}</Text>
        <ResetPasswordForm
          token={token}
          onLinkInvalid={() => setUsedUp(true)}
          onDone={() => void navigate(PATHS.login, { replace: true, state: PASSWORD_SET_STATE })}
        />
      </Stack>
    );
  }

  return (
    <PublicPage>
      <Paper withBorder p="lg" shadow="xs" data-testid="screen-resetpassword">
        <Stack>
          <Title order={1} size="h3">
            {t(
              link.data?.purpose === 'invitation' && !invalid
                ? 'resetPassword.invitationTitle'
                : 'resetPassword.title',
            )}
          </Title>
          {content}
          <Anchor component={Link} to={PATHS.login} size="sm">
            {t('forgotPassword.backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </PublicPage>
  );
}
