import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminUser } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { roleMessageKey } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import type { SortState, UserSortField } from '../derive/user-list-query';
import { SortHeader } from './sort-header';
import { TableRegion } from '../../../shared/ui/table-region';
import { UserActiveBadge } from './user-active-badge';

const COLUMNS: { field: UserSortField | null; label: MessageKey }[] = [
  { field: 'username', label: 'admin.users.column.username' },
  { field: 'name', label: 'admin.users.column.name' },
  { field: 'email', label: 'admin.users.column.email' },
  { field: 'role', label: 'admin.users.column.role' },
  { field: null, label: 'admin.users.column.customers' },
  { field: null, label: 'admin.users.column.status' },
  { field: 'createdAt', label: 'admin.users.column.createdAt' },
];

/** One page of users; each row leads to the user's edit screen. */
export function UserTable({
  users,
  sort,
  onSort,
}: {
  users: readonly AdminUser[];
  sort: SortState;
  onSort: (field: UserSortField) => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <TableRegion
      id="user-table"
      caption={t('admin.users.caption')}
      minWidth={900}
      testId="user-table"
      striped
    >
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map((column) =>
            column.field === null ? (
              <Table.Th scope="col" key={column.label}>
                {t(column.label)}
              </Table.Th>
            ) : (
              <SortHeader
                key={column.field}
                field={column.field}
                label={t(column.label)}
                sort={sort}
                onSort={onSort}
              />
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <Table.Tr key={user.id} data-testid={`user-row-${user.id}`}>
            <Table.Td>
              <Anchor
                component={Link}
                to={ADMIN_WEB_PATHS.editUser(user.id)}
                fw={600}
                data-testid={`user-link-${user.id}`}
              >
                {user.username}
              </Anchor>
            </Table.Td>
            <Table.Td>{user.name}</Table.Td>
            <Table.Td>{user.email ?? '—'}</Table.Td>
            <Table.Td>
              {t(roleMessageKey(user.role))}
              {user.readOnly && <Text size="xs">{t('admin.users.readOnly')}</Text>}
            </Table.Td>
            <Table.Td>
              {user.customers.length === 0
                ? '—'
                : user.customers.map((customer) => customer.customerName).join(', ')}
            </Table.Td>
            <Table.Td>
              <UserActiveBadge active={user.active} testId={`user-status-${user.id}`} />
              {user.mustChangePassword && (
                <Text size="xs">{t('admin.users.mustChangePassword')}</Text>
              )}
            </Table.Td>
            <Table.Td className="klik-nowrap">{formatDateTime(user.createdAt, locale)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
