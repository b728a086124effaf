import { Group, SimpleGrid, TextInput } from '@mantine/core';
import { ROLES } from '@klik/api';
import { roleMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { ChoiceFilter } from '../../../shared/ui/choice-filter';
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
  const all = t('admin.users.filter.all');
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
          <ChoiceFilter
            label={t('admin.users.filter.role')}
            value={params.role}
            allLabel={all}
            choices={ROLES.map((role) => ({ value: role, label: t(roleMessageKey(role)) }))}
            onChange={(value) => onChange('role', value)}
            testId="filter-role"
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
          <ChoiceFilter
            label={t('admin.users.filter.customer')}
            value={params.customerId}
            allLabel={all}
            choices={customers.map((customer) => ({
              value: String(customer.id),
              label: customer.name,
            }))}
            onChange={(value) => onChange('customerId', value)}
            testId="filter-customerId"
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
