import { useEffect } from 'react';
import { Alert, Anchor, Container, Stack } from '@mantine/core';
import { Link, useRouteError } from 'react-router';
import { useT } from '../../shared/i18n/use-t';
import { homePath } from '../../shared/routing/access';
import { PATHS } from '../../shared/routing/paths';
import { useSession } from '../../shared/session/use-session';

/** A screen that failed: the failure is logged, the user gets a way back. */
export function ScreenError() {
  const t = useT();
  const error = useRouteError();
  const session = useSession();
  useEffect(() => {
    console.warn('A screen failed to render', error);
  }, [error]);
  return (
    <Alert color="red" title={t('app.routeError.title')} role="alert" data-testid="screen-error">
      <Stack gap="xs">
        {t('app.routeError.body')}
        <Anchor component={Link} to={session ? homePath(session) : PATHS.login}>
          {t('app.routeError.home')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** The outermost error boundary, for failures outside the signed-in shell. */
export function RouteError() {
  return (
    <Container size={560} py="xl" component="main">
      <ScreenError />
    </Container>
  );
}
