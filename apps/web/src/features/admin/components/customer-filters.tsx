import { useState } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useT } from '../../../shared/i18n/use-t';
import type { CustomerListField, CustomerListParams } from '../derive/customer-list-query';

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
  const [text, setText] = useState(params.q ?? '');
  const [shownQ, setShownQ] = useState(params.q);
  const commitText = useDebouncedCallback((value: string) => onChange('q', value.trim()), 350);
  // Back, a link or "reset" changes the address bar; the text shown follows it.
  if (shownQ !== params.q) {
    setShownQ(params.q);
    if (!commitText.isPending()) setText(params.q ?? '');
  }
  return (
    <form
      role="search"
      aria-label={t('admin.customers.filter.label')}
      data-testid="customer-filters"
      onSubmit={(event) => {
        event.preventDefault();
        commitText.cancel();
        onChange('q', text.trim());
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <TextInput
          type="search"
          label={t('admin.customers.filter.search')}
          description={t('admin.customers.filter.searchHint')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            commitText(event.currentTarget.value);
          }}
          data-testid="customer-filter-q"
        />
        <NativeSelect
          label={t('admin.customers.filter.active')}
          value={params.active ?? ''}
          onChange={(event) => onChange('active', event.currentTarget.value)}
          data={[
            { value: '', label: t('admin.users.filter.all') },
            { value: 'true', label: t('admin.customers.filter.activeOnly') },
            { value: 'false', label: t('admin.customers.filter.inactiveOnly') },
          ]}
          data-testid="customer-filter-active"
        />
      </SimpleGrid>
      <Group mt="sm" gap="xs">
        <Button
          type="button"
          variant="default"
          size="xs"
          onClick={onReset}
          data-testid="customer-filter-reset"
        >
          {t('admin.users.filter.reset')}
        </Button>
      </Group>
    </form>
  );
}
