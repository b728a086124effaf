import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../shared/i18n/use-t';
import { homePath } from '../../shared/routing/access';
import { PATHS } from '../../shared/routing/paths';
import { useSession } from '../../shared/session/use-session';
import { PublicPage } from '../../shared/ui/public-page';

export function NotFoundScreen() {
  const t = useT();
  const session = useSession();
  return (
    <PublicPage>
      <Stack data-testid="screen-notfound">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.body')}</Text>
        <Anchor component={Link} to={session ? homePath(session) : PATHS.login}>
          {t('notFound.home')}
        </Anchor>
      </Stack>
    </PublicPage>
  );
}
