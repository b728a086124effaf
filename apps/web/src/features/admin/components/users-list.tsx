import { Stack } from '@mantine/core';
import { useUserList } from '../api/users-api';
import { useCustomerChoices } from '../api/use-customer-choices';
import { nextSort, sortOf, userListParams, userListQueryString } from '../derive/user-list-query';
import { PagedListStates, type PagedListTexts } from './paged-list-states';
import { UserFilters } from './user-filters';
import { UserTable } from './user-table';
import { useListEdits } from './use-list-edits';

const TEXTS: PagedListTexts = {
  loading: 'admin.users.loading',
  loadFailed: 'admin.users.loadFailed',
  empty: 'admin.users.empty',
  emptyFiltered: 'admin.users.emptyFiltered',
  count: 'admin.users.count',
};

/**
 * The users this user may see, filtered, sorted and paged by the server from the address bar, so
 * a list can be bookmarked, shared and gone back to.
 */
export function UsersList({ showRole = true }: { showRole?: boolean }) {
  const { search, change, reset } = useListEdits();
  const params = userListParams(search);
  const customers = useCustomerChoices();
  const list = useUserList(userListQueryString(params));
  const sort = sortOf(params);
  const filtered = Object.keys(params).some((field) => !['sort', 'page', 'size'].includes(field));
  return (
    <Stack gap="md">
      <UserFilters
        params={params}
        customers={customers}
        showRole={showRole}
        onChange={change}
        onReset={reset}
      />
      <PagedListStates
        list={list}
        texts={TEXTS}
        filtered={filtered}
        onReset={reset}
        onPage={(value) => change('page', value)}
        testId="users"
      >
        {(users) => (
          <UserTable
            users={users}
            sort={sort}
            onSort={(field) => change('sort', nextSort(params, field))}
          />
        )}
      </PagedListStates>
    </Stack>
  );
}
