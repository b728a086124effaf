import { Group, SimpleGrid, TextInput } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import type { CustomerListField, CustomerListParams } from '../derive/customer-list-query';
import { ActiveFilter, FilterResetButton } from './list-filter-controls';
import { useDebouncedField } from './use-debounced-field';

/** managecustomers' search (name or id) and active filter; both live in the address bar. */
export function CustomerFilters({
  params,
  onChange,
  onReset,
}: {
  params: CustomerListParams;
  onChange: (field: CustomerListField, value: string) => void;
  onReset: () => void;
}) {
  const t = useT();
  const search = useDebouncedField(params.q, (value) => onChange('q', value));
  return (
    <form
      role="search"
      aria-label={t('admin.customers.filter.label')}
      data-testid="customer-filters"
      onSubmit={(event) => {
        event.preventDefault();
        search.flush();
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <TextInput
          type="search"
          label={t('admin.customers.filter.search')}
          description={t('admin.customers.filter.searchHint')}
          value={search.text}
          onChange={(event) => search.change(event.currentTarget.value)}
          data-testid="customer-filter-q"
        />
        <ActiveFilter
          label={t('admin.customers.filter.active')}
          value={params.active}
          onChange={(value) => onChange('active', value)}
          testId="customer-filter-active"
        />
      </SimpleGrid>
      <Group mt="sm" gap="xs">
        <FilterResetButton onReset={onReset} testId="customer-filter-reset" />
      </Group>
    </form>
  );
}
