import { useEffect } from 'react';
import { Alert, Anchor, Container, Stack } from '@mantine/core';
import { Link, useRouteError } from 'react-router';
import { useT } from '../../shared/i18n/use-t';
import { PATHS } from '../../shared/routing/paths';

/** The route-level error boundary: the failure is logged, the user gets a way back. */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  useEffect(() => {
    console.warn('A screen failed to render', error);
  }, [error]);
  return (
    <Container size={560} py="xl" component="main">
      <Alert color="red" title={t('app.routeError.title')} role="alert">
        <Stack gap="xs">
          {t('app.routeError.body')}
          <Anchor component={Link} to={PATHS.login}>
            {t('app.routeError.home')}
          </Anchor>
        </Stack>
      </Alert>
    </Container>
  );
}
