import { Anchor, Box, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CustomerDetail } from '@klik/api';
import { roleMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { UserActiveBadge } from './user-active-badge';

/** The customer's users with their rights for this customer; each leads to editusers. */
export function CustomerUsersTable({ users }: { users: CustomerDetail['users'] }) {
  const t = useT();
  const yesNo = (value: boolean) => t(value ? 'admin.customers.yes' : 'admin.customers.no');
  return (
    <Stack>
      <Title order={2} id="customer-users-title">
        {t('admin.customer.users.title')}
      </Title>
      {users.length === 0 ? (
        <Text size="sm" data-testid="customer-users-none">
          {t('admin.customer.users.none')}
        </Text>
      ) : (
        <Box
          className="klik-table-scroll"
          tabIndex={0}
          role="region"
          aria-labelledby="customer-users-title"
        >
          <Table withTableBorder striped fz="sm" miw={700} data-testid="customer-users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.users.column.username')}</Table.Th>
                <Table.Th scope="col">{t('admin.users.column.name')}</Table.Th>
                <Table.Th scope="col">{t('admin.users.column.role')}</Table.Th>
                <Table.Th scope="col">{t('admin.customer.users.readOnly')}</Table.Th>
                <Table.Th scope="col">{t('admin.customer.users.click')}</Table.Th>
                <Table.Th scope="col">{t('admin.users.column.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.id} data-testid={`customer-user-${user.id}`}>
                  <Table.Td>
                    <Anchor component={Link} to={ADMIN_WEB_PATHS.editUser(user.id)} fw={600}>
                      {user.username}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td>{t(roleMessageKey(user.role))}</Table.Td>
                  <Table.Td>{yesNo(user.readOnly)}</Table.Td>
                  <Table.Td>{yesNo(user.clickAuthorized)}</Table.Td>
                  <Table.Td>
                    <UserActiveBadge active={user.active} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}
