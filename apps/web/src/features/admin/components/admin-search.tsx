import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import type { AdminSearchResult } from '@klik/api';
import { roleMessageKey } from '../../../shared/i18n/message-keys';
import { useT, type Translate } from '../../../shared/i18n/use-t';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useAdminSearch } from '../api/admin-dashboard-api';
import {
  SEARCH_DEBOUNCE_MS,
  SearchCombobox,
  type ComboGroup,
  type ComboStatus,
} from '../../../shared/ui/search-combobox';

/** Each result as an option whose key is the screen it opens. */
function groupsOf(result: AdminSearchResult, t: Translate): ComboGroup[] {
  return [
    {
      key: 'customers',
      label: t('admin.search.customers'),
      options: result.customers.map((customer) => ({
        key: ADMIN_WEB_PATHS.editCustomer(customer.id),
        label: customer.name,
        hint: t(customer.active ? 'admin.search.customerHint' : 'admin.search.customerInactive', {
          id: customer.id,
        }),
      })),
    },
    {
      key: 'users',
      label: t('admin.search.users'),
      options: result.users.map((user) => ({
        key: ADMIN_WEB_PATHS.editUser(user.id),
        label: `${user.name} (${user.username})`,
        hint: t(user.active ? 'admin.search.userHint' : 'admin.search.userInactive', {
          role: t(roleMessageKey(user.role)),
        }),
      })),
    },
    {
      key: 'contracts',
      label: t('admin.search.contracts'),
      // A contract is edited with its customer (its dashboards and click limits).
      options: result.contracts.map((contract) => ({
        key: `${ADMIN_WEB_PATHS.editCustomer(contract.customerId)}#${contract.contractId}`,
        label: `${contract.contractId} · ${contract.product}`,
        hint: t('admin.search.contractHint', {
          customer: contract.customerName,
          commodity: t(
            contract.commodity === 'Power' ? 'positions.filter.power' : 'positions.filter.gas',
          ),
        }),
      })),
    },
  ];
}

/** The search box of the admindashboard: a customer, user or contract by name or id. */
export function AdminSearch() {
  const t = useT();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useAdminSearch(q);
  const groups = search.data && q !== '' ? groupsOf(search.data, t) : [];
  const found = groups.some((group) => group.options.length > 0);

  let status: ComboStatus = { kind: 'idle' };
  if (search.isError) status = { kind: 'message', text: t('admin.search.failed') };
  else if (search.data && !search.isPlaceholderData && !found) {
    status = { kind: 'message', text: t('admin.search.none', { q }) };
  } else if (found) status = { kind: 'ready' };

  return (
    <SearchCombobox
      label={t('admin.search.label')}
      description={t('admin.search.hint')}
      text={text}
      onTextChange={setText}
      groups={groups}
      status={status}
      loading={search.isFetching}
      onPick={(path) => void navigate(path)}
      testId="admin-search"
    />
  );
}
