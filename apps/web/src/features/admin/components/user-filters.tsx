import { useState } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { ROLES } from '@klik/api';
import { roleMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import type { CustomerChoice } from '../api/use-customer-choices';
import type { UserListField, UserListParams } from '../derive/user-list-query';
import { CustomerFilterField } from './customer-filter-field';

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
  const [text, setText] = useState(params.q ?? '');
  const [shownQ, setShownQ] = useState(params.q);
  const commitText = useDebouncedCallback((value: string) => onChange('q', value.trim()), 350);
  // The address bar is the truth: back, a link or "reset" changes the text shown too.
  if (shownQ !== params.q) {
    setShownQ(params.q);
    if (!commitText.isPending()) setText(params.q ?? '');
  }
  const all = { value: '', label: t('admin.users.filter.all') };
  return (
    <form
      role="search"
      aria-label={t('admin.users.filter.label')}
      data-testid="user-filters"
      onSubmit={(event) => {
        event.preventDefault();
        commitText.cancel();
        onChange('q', text.trim());
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          type="search"
          label={t('admin.users.filter.search')}
          description={t('admin.users.filter.searchHint')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            commitText(event.currentTarget.value);
          }}
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
        <NativeSelect
          label={t('admin.users.filter.active')}
          value={params.active ?? ''}
          onChange={(event) => onChange('active', event.currentTarget.value)}
          data={[
            all,
            { value: 'true', label: t('admin.users.filter.activeOnly') },
            { value: 'false', label: t('admin.users.filter.inactiveOnly') },
          ]}
          data-testid="filter-active"
        />
      </SimpleGrid>
      <Group mt="sm" gap="xs">
        <Button
          type="button"
          variant="default"
          size="xs"
          onClick={onReset}
          data-testid="filter-reset"
        >
          {t('admin.users.filter.reset')}
        </Button>
      </Group>
    </form>
  );
}
