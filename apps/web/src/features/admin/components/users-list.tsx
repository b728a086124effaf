import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useUserList } from '../api/users-api';
import { useCustomerChoices } from '../api/use-customer-choices';
import { nextSort, sortOf, userListParams, userListQueryString } from '../derive/user-list-query';
import { ListPagination } from './list-pagination';
import { LoadFailed, Loading } from './load-states';
import { UserFilters } from './user-filters';
import { UserTable } from './user-table';
import { useListEdits } from './use-list-edits';

const DEFAULT_PAGE_SIZE = 20;

/**
 * The users this user may see, filtered, sorted and paged by the server from the address bar, so
 * a list can be bookmarked, shared and gone back to.
 */
export function UsersList({ showRole = true }: { showRole?: boolean }) {
  const t = useT();
  const { search, change, reset } = useListEdits();
  const params = userListParams(search);
  const customers = useCustomerChoices();
  const list = useUserList(userListQueryString(params));
  const sort = sortOf(params);

  const page = list.data;
  const size = page?.size ?? DEFAULT_PAGE_SIZE;
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
      {list.isPending && <Loading text={t('admin.users.loading')} />}
      {list.isError && (
        <LoadFailed
          text={t('admin.users.loadFailed')}
          onRetry={() => void list.refetch()}
          testId="users-error"
        />
      )}
      {page && page.data.length === 0 && (
        <Alert color="gray" data-testid="users-empty">
          <Group gap="sm">
            <Text size="sm">{t(filtered ? 'admin.users.emptyFiltered' : 'admin.users.empty')}</Text>
            {filtered && (
              <Button variant="default" size="xs" onClick={reset}>
                {t('admin.users.filter.reset')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {page && page.data.length > 0 && (
        <>
          <Text size="sm" role="status" data-testid="users-count">
            {t('admin.users.count', {
              from: page.page * size + 1,
              to: page.page * size + page.data.length,
              total: page.total,
            })}
          </Text>
          <UserTable
            users={page.data}
            sort={sort}
            onSort={(field) => change('sort', nextSort(params, field))}
          />
          <ListPagination
            page={page.page}
            size={size}
            total={page.total}
            onPage={(value) => change('page', value)}
            testId="users-pagination"
          />
        </>
      )}
    </Stack>
  );
}
