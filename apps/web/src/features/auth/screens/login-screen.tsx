import { useEffect, useState } from 'react';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LoginBody } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { isInternetExplorer } from '../../../shared/browser/is-internet-explorer';
import { useEnv } from '../../../shared/env/use-env';
import { useT } from '../../../shared/i18n/use-t';
import { RETURN_URL_PARAM } from '../../../shared/routing/paths';
import { targetAfterLogin } from '../../../shared/routing/access';
import { isPasswordSetState } from '../../../shared/routing/password-set';
import { sessionEndedReason } from '../../../shared/routing/session-ended';
import { startSession } from '../../../shared/session/session-store';
import { IeWarning } from '../../../shared/ui/ie-warning';
import { PublicPage } from '../../../shared/ui/public-page';
import { useLogin } from '../api/use-login';
import { endOnServer, holdsEarlierSession, takeEarlierSessions } from '../end-earlier-sessions';
import { LoginForm } from '../components/login-form';
import { asksForCode, loginFailure, type LoginFailure } from '../login-failure';
import { sessionEndedMessageKey } from '../session-ended-message';

export function LoginScreen() {
  const t = useT();
  const env = useEnv();
  const api = useApiClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { state } = useLocation();
  const ended = sessionEndedReason(state);
  const passwordSet = isPasswordSetState(state);
  const login = useLogin();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [askCode, setAskCode] = useState(false);

  // Opening the login screen ends any session still held here first (spec section 2): the
  // current one and, after login-as, the own session kept behind it. The form waits until the
  // server has answered. The local copies go first, so a second run of this effect finds nothing.
  const [ending, setEnding] = useState(holdsEarlierSession);
  useEffect(() => {
    const tokens = takeEarlierSessions();
    if (tokens.length === 0) return;
    void endOnServer(api, tokens).then(() => setEnding(false));
  }, [api]);

  function submit(body: LoginBody) {
    setFailure(null);
    login.mutate(body, {
      onSuccess: (session) => {
        startSession(session);
        void navigate(targetAfterLogin(searchParams.get(RETURN_URL_PARAM), session), {
          replace: true,
        });
      },
      onError: (error) => {
        setFailure(loginFailure(error));
        if (asksForCode(error)) setAskCode(true);
      },
    });
  }

  return (
    <PublicPage>
      <Stack>
        {isInternetExplorer(navigator.userAgent) && <IeWarning />}
        <Paper withBorder p="lg" shadow="xs">
          <Stack>
            <Title order={1} size="h2">
              {env.title}
            </Title>
            <Title order={2} size="h4">
              {t('login.title')}
            </Title>
            {passwordSet && (
              <Alert color="green" role="status" data-testid="password-set">
                {t('login.passwordSet')}
              </Alert>
            )}
            {ended && (
              <Alert color="orange" role="alert" data-testid="session-ended">
                {t(sessionEndedMessageKey(ended))}
              </Alert>
            )}
            {ending ? (
              <Group gap="xs" role="status" data-testid="login-ending-session">
                <Loader size="sm" />
                <Text>{t('login.endingSession')}</Text>
              </Group>
            ) : (
              <LoginForm
                loading={login.isPending}
                failure={failure}
                askCode={askCode}
                onSubmit={submit}
                onInvalidAttempt={() => setFailure(null)}
              />
            )}
          </Stack>
        </Paper>
      </Stack>
    </PublicPage>
  );
}
