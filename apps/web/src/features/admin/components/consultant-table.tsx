import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminUser } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { TableRegion } from '../../../shared/ui/table-region';
import { UserActiveBadge } from './user-active-badge';

/** One page of consultants; each name leads to the consultant's edit screen. */
export function ConsultantTable({ users }: { users: readonly AdminUser[] }) {
  const t = useT();
  return (
    <TableRegion
      id="consultants"
      caption={t('admin.consultants.title')}
      testId="consultant-table"
      striped
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('admin.consultant.name')}</Table.Th>
          <Table.Th scope="col">{t('admin.users.column.username')}</Table.Th>
          <Table.Th scope="col">{t('admin.consultants.tpi')}</Table.Th>
          <Table.Th scope="col">{t('admin.users.column.customers')}</Table.Th>
          <Table.Th scope="col">{t('admin.users.column.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <Table.Tr key={user.id} data-testid={`consultant-row-${user.id}`}>
            <Table.Td>
              <Anchor component={Link} to={ADMIN_WEB_PATHS.editConsultant(user.id)} fw={600}>
                {user.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{user.username}</Table.Td>
            <Table.Td>{t(user.allowTPIPage ? 'prices.feed.yes' : 'prices.feed.no')}</Table.Td>
            <Table.Td>
              {user.customers.map((customer) => customer.customerName).join(', ') || '—'}
            </Table.Td>
            <Table.Td>
              <UserActiveBadge active={user.active} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
