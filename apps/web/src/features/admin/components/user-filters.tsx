import { Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { ROLES } from '@klik/api';
import { roleMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import type { CustomerChoice } from '../api/use-customer-choices';
import type { UserListField, UserListParams } from '../derive/user-list-query';
import { CustomerFilterField } from './customer-filter-field';
import { ActiveFilter, FilterResetButton } from './list-filter-controls';
import { useDebouncedField } from './use-debounced-field';

/** The users list's filters; every change goes to the address bar, the search text after a pause. */
export function UserFilters({
  params,
  customers,
  showRole,
  onChange,
  onReset,
}: {
  params: UserListParams;
  /** The customers to filter on, or null to find one on the server (an admin's thousands). */
  customers: readonly CustomerChoice[] | null;
  showRole: boolean;
  onChange: (field: UserListField, value: string) => void;
  onReset: () => void;
}) {
  const t = useT();
  const search = useDebouncedField(params.q, (value) => onChange('q', value));
  const all = { value: '', label: t('admin.users.filter.all') };
  return (
    <form
      role="search"
      aria-label={t('admin.users.filter.label')}
      data-testid="user-filters"
      onSubmit={(event) => {
        event.preventDefault();
        search.flush();
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          type="search"
          label={t('admin.users.filter.search')}
          description={t('admin.users.filter.searchHint')}
          value={search.text}
          onChange={(event) => search.change(event.currentTarget.value)}
          data-testid="filter-q"
        />
        {showRole && (
          <NativeSelect
            label={t('admin.users.filter.role')}
            value={params.role ?? ''}
            onChange={(event) => onChange('role', event.currentTarget.value)}
            data={[all, ...ROLES.map((role) => ({ value: role, label: t(roleMessageKey(role)) }))]}
            data-testid="filter-role"
          />
        )}
        {customers === null && (
          <CustomerFilterField
            label={t('admin.users.filter.customer')}
            customerId={params.customerId}
            onChange={(value) => onChange('customerId', value)}
            testId="users"
          />
        )}
        {customers !== null && customers.length > 0 && (
          <NativeSelect
            label={t('admin.users.filter.customer')}
            value={params.customerId ?? ''}
            onChange={(event) => onChange('customerId', event.currentTarget.value)}
            data={[
              all,
              ...customers.map((customer) => ({
                value: String(customer.id),
                label: customer.name,
              })),
            ]}
            data-testid="filter-customerId"
          />
        )}
        <ActiveFilter
          label={t('admin.users.filter.active')}
          value={params.active}
          onChange={(value) => onChange('active', value)}
          testId="filter-active"
        />
      </SimpleGrid>
      <Group mt="sm" gap="xs">
        <FilterResetButton onReset={onReset} testId="filter-reset" />
      </Group>
    </form>
  );
}
