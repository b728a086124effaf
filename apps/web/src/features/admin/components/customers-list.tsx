import { Stack } from '@mantine/core';
import { useSession } from '../../../shared/session/use-session';
import { useCustomerList } from '../api/customers-api';
import { may } from '../derive/may';
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
  const session = useSession();
  // Only whoever may create a customer is told to; an account manager is given customers.
  const texts: PagedListTexts =
    session && may(session, 'customers.create')
      ? TEXTS
      : { ...TEXTS, empty: 'app.noCustomer.accountManager' };
  const { search, change, reset } = useListEdits();
  const params = customerListQuery.paramsOf(search);
  const list = useCustomerList(customerListQuery.queryString(params));
  const sort = customerListQuery.sortOf(params);
  return (
    <Stack gap="md">
      <CustomerFilters params={params} onChange={change} onReset={reset} />
      <PagedListStates
        list={list}
        texts={texts}
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
