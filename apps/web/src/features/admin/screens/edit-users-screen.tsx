import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { UsersList } from '../components/users-list';
import { may } from '../derive/may';

/** editusers: the users of one's own customers (a user manager's screen), each to edit. */
export function EditUsersScreen() {
  const t = useT();
  const session = useSession();
  if (!session) return null;
  return (
    <Stack data-testid="screen-editusers">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('admin.editUsers.title')}</Title>
        {may(session, 'users.createViewOnly') && (
          <Button
            component={Link}
            to={ADMIN_WEB_PATHS.addViewOnlyUser}
            data-testid="add-viewonly-user"
          >
            {t('admin.editUsers.addViewOnly')}
          </Button>
        )}
      </Group>
      <Text>{t('admin.editUsers.intro')}</Text>
      <UsersList showRole={session.role !== 'customer'} />
    </Stack>
  );
}
