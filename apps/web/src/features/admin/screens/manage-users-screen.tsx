import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { UsersList } from '../components/users-list';
import { may } from '../derive/may';

/** manageusers: every user an admin or account manager may see, and a way to add one. */
export function ManageUsersScreen() {
  const t = useT();
  const session = useSession();
  if (!session) return null;
  return (
    <Stack data-testid="screen-manageusers">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('admin.users.title')}</Title>
        {may(session, 'users.create') && (
          <Button component={Link} to={ADMIN_WEB_PATHS.newUser} data-testid="new-user">
            {t('admin.users.new')}
          </Button>
        )}
      </Group>
      <UsersList />
    </Stack>
  );
}
