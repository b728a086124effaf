import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useCustomerList } from '../api/customers-api';
import { customerListQuery } from '../derive/customer-list-query';
import { CustomerFilters } from './customer-filters';
import { CustomerTable } from './customer-table';
import { ListPagination } from './list-pagination';
import { LoadFailed, Loading } from './load-states';
import { useListEdits } from './use-list-edits';

const DEFAULT_PAGE_SIZE = 20;

/**
 * The customers this user reaches (an account manager: the portfolio, as the server decides),
 * searched, filtered, sorted and paged by the server from the address bar.
 */
export function CustomersList() {
  const t = useT();
  const { search, change, reset } = useListEdits();
  const params = customerListQuery.paramsOf(search);
  const list = useCustomerList(customerListQuery.queryString(params));
  const sort = customerListQuery.sortOf(params);
  const filtered = params.q !== undefined || params.active !== undefined;
  const page = list.data;
  const size = page?.size ?? DEFAULT_PAGE_SIZE;
  return (
    <Stack gap="md">
      <CustomerFilters params={params} onChange={change} onReset={reset} />
      {list.isPending && <Loading text={t('admin.customers.loading')} />}
      {list.isError && (
        <LoadFailed
          text={t('admin.customers.loadFailed')}
          onRetry={() => void list.refetch()}
          testId="customers-error"
        />
      )}
      {page && page.data.length === 0 && (
        <Alert color="gray" data-testid="customers-empty">
          <Group gap="sm">
            <Text size="sm">
              {t(filtered ? 'admin.customers.emptyFiltered' : 'admin.customers.empty')}
            </Text>
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
          <Text size="sm" role="status" data-testid="customers-count">
            {t('admin.customers.count', {
              from: page.page * size + 1,
              to: page.page * size + page.data.length,
              total: page.total,
            })}
          </Text>
          <CustomerTable
            customers={page.data}
            sort={sort}
            onSort={(field) => change('sort', customerListQuery.nextSort(params, field))}
          />
          <ListPagination
            page={page.page}
            size={size}
            total={page.total}
            onPage={(value) => change('page', value)}
            testId="customers-pagination"
          />
        </>
      )}
    </Stack>
  );
}
