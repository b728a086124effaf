import { Alert, Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useSearchEdits } from '../../../shared/routing/use-search-edits';
import { useUserList } from '../api/users-api';
import { useCustomerChoices } from '../api/use-customer-choices';
import {
  nextSort,
  sortOf,
  userListParams,
  userListQueryString,
  type UserListField,
} from '../derive/user-list-query';
import { LoadFailed, Loading } from './load-states';
import { UserFilters } from './user-filters';
import { UserTable } from './user-table';

const DEFAULT_PAGE_SIZE = 20;

/**
 * The users this user may see, filtered, sorted and paged by the server from the address bar, so
 * a list can be bookmarked, shared and gone back to.
 */
export function UsersList({ showRole = true }: { showRole?: boolean }) {
  const t = useT();
  const [search, edit] = useSearchEdits();
  const params = userListParams(search);
  const customers = useCustomerChoices();
  const list = useUserList(userListQueryString(params));
  const sort = sortOf(params);

  // A new filter or sort starts at the first page.
  const change = (field: UserListField, value: string) =>
    edit((next) => {
      if (value === '') next.delete(field);
      else next.set(field, value);
      if (field !== 'page') next.delete('page');
    });
  const reset = () =>
    edit((next) => {
      for (const field of [...next.keys()]) next.delete(field);
    });

  const page = list.data;
  const size = page?.size ?? DEFAULT_PAGE_SIZE;
  const pages = page ? Math.max(1, Math.ceil(page.total / size)) : 1;
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
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page.page + 1}
              onChange={(value) => change('page', value === 1 ? '' : String(value - 1))}
              getControlProps={(control) => ({
                'aria-label': t(
                  control === 'previous' ? 'admin.users.page.previous' : 'admin.users.page.next',
                ),
              })}
              getItemProps={(value) => ({
                'aria-label': t('admin.users.page.number', { page: value }),
              })}
              data-testid="users-pagination"
              aria-label={t('admin.users.page.label')}
            />
          )}
        </>
      )}
    </Stack>
  );
}
