import { Stack } from '@mantine/core';
import { useCustomerList } from '../api/customers-api';
import { customerListQuery } from '../derive/customer-list-query';
import { CustomerFilters } from './customer-filters';
import { CustomerTable } from './customer-table';
import { PagedListStates, type PagedListTexts } from './paged-list-states';
import { useListEdits } from './use-list-edits';

const TEXTS: PagedListTexts = {
  loading: 'admin.customers.loading',
  loadFailed: 'admin.customers.loadFailed',
  empty: 'admin.customers.empty',
  emptyFiltered: 'admin.customers.emptyFiltered',
  count: 'admin.customers.count',
};

/**
 * The customers this user reaches (an account manager: the portfolio, as the server decides),
 * searched, filtered, sorted and paged by the server from the address bar.
 */
export function CustomersList() {
  const { search, change, reset } = useListEdits();
  const params = customerListQuery.paramsOf(search);
  const list = useCustomerList(customerListQuery.queryString(params));
  const sort = customerListQuery.sortOf(params);
  return (
    <Stack gap="md">
      <CustomerFilters params={params} onChange={change} onReset={reset} />
      <PagedListStates
        list={list}
        texts={TEXTS}
        filtered={params.q !== undefined || params.active !== undefined}
        onReset={reset}
        onPage={(value) => change('page', value)}
        testId="customers"
      >
        {(customers) => (
          <CustomerTable
            customers={customers}
            sort={sort}
            onSort={(field) => change('sort', customerListQuery.nextSort(params, field))}
          />
        )}
      </PagedListStates>
    </Stack>
  );
}
