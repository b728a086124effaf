import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CustomerSummary } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import type { SortState } from '../derive/list-query';
import type { CustomerSortField } from '../derive/customer-list-query';
import { SortHeader } from './sort-header';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { TableRegion } from '../../../shared/ui/table-region';

/** One page of customers; each name leads to the customer's editcustomer. */
export function CustomerTable({
  customers,
  sort,
  onSort,
}: {
  customers: readonly CustomerSummary[];
  sort: SortState<CustomerSortField>;
  onSort: (field: CustomerSortField) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const yesNo = (value: boolean) => t(value ? 'admin.customers.yes' : 'admin.customers.no');
  return (
    <TableRegion
      id="customer-table"
      caption={t('admin.customers.caption')}
      minWidth={900}
      testId="customer-table"
      striped
    >
      <Table.Thead>
        <Table.Tr>
          <SortHeader
            field="name"
            label={t('admin.customers.column.name')}
            sort={sort}
            onSort={onSort}
          />
          <Table.Th scope="col">{t('admin.customers.column.id')}</Table.Th>
          <Table.Th scope="col">{t('admin.customers.column.status')}</Table.Th>
          <Table.Th scope="col">{t('admin.customers.column.sms')}</Table.Th>
          <Table.Th scope="col">{t('admin.customers.column.approval')}</Table.Th>
          <Table.Th scope="col">{t('admin.customers.column.dashboards')}</Table.Th>
          <Table.Th scope="col">{t('admin.customers.column.contracts')}</Table.Th>
          <Table.Th scope="col">{t('admin.customers.column.users')}</Table.Th>
          <SortHeader
            field="createdAt"
            label={t('admin.customers.column.createdAt')}
            sort={sort}
            onSort={onSort}
          />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {customers.map((customer) => (
          <Table.Tr key={customer.id} data-testid={`customer-row-${customer.id}`}>
            <Table.Td>
              <Anchor
                component={Link}
                to={ADMIN_WEB_PATHS.editCustomer(customer.id)}
                fw={600}
                data-testid={`customer-link-${customer.id}`}
              >
                {customer.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{customer.id}</Table.Td>
            <Table.Td>
              <StatusBadge
                tone={customer.active ? 'success' : 'neutral'}
                testId={`customer-status-${customer.id}`}
              >
                {t(customer.active ? 'admin.customers.active' : 'admin.customers.inactive')}
              </StatusBadge>
            </Table.Td>
            <Table.Td>{yesNo(customer.requireSms)}</Table.Td>
            <Table.Td>{yesNo(customer.requireApproval)}</Table.Td>
            <Table.Td>{customer.dashboardCount}</Table.Td>
            <Table.Td>{customer.contractCount}</Table.Td>
            <Table.Td>{customer.userCount}</Table.Td>
            <Table.Td className="klik-nowrap">
              <Text size="sm">{formatDateTime(customer.createdAt, locale)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
