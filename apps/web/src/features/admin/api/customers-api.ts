import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PATHS,
  CustomerDetailSchema,
  CustomerListSchema,
  TermsVersionListSchema,
  TermsVersionSchema,
  type CreateCustomerBody,
  type CustomerDetail,
  type DashboardsBody,
  type PublishTermsBody,
  type UpdateCustomerBody,
  pathTo,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

/** Under ['admin', 'customers'], so a change also refreshes the customer choices and searches. */
export const customersQueryKeys = {
  all: ['admin', 'customers'] as const,
  list: (query: string) => ['admin', 'customers', 'list', query] as const,
  one: (customerId: number) => ['admin', 'customers', 'one', customerId] as const,
  terms: (customerId: number) => ['admin', 'customers', 'terms', customerId] as const,
};

/** One page of customers; `query` is the address bar's, checked against CustomerListQuerySchema. */
export function useCustomerList(query: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: customersQueryKeys.list(query),
    queryFn: () =>
      api.call(
        'GET',
        `${ADMIN_PATHS.customers}${query === '' ? '' : `?${query}`}`,
        CustomerListSchema,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(customerId: number, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: customersQueryKeys.one(customerId),
    enabled,
    queryFn: () =>
      api.call('GET', pathTo(ADMIN_PATHS.customer, { customerId }), CustomerDetailSchema),
    // A stale version must be reloaded on purpose, never swapped under a form being edited.
    refetchOnWindowFocus: false,
  });
}

function useCustomerMutation<Input>(send: (input: Input) => Promise<CustomerDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (customer) => {
      queryClient.setQueryData(customersQueryKeys.one(customer.id), customer);
      void queryClient.invalidateQueries({ queryKey: customersQueryKeys.all, exact: false });
    },
  });
}

export function useCreateCustomer() {
  const api = useApiClient();
  return useCustomerMutation((body: CreateCustomerBody) =>
    api.call('POST', ADMIN_PATHS.customers, CustomerDetailSchema, body),
  );
}

export function useUpdateCustomer(customerId: number) {
  const api = useApiClient();
  return useCustomerMutation((body: UpdateCustomerBody) =>
    api.call('PUT', pathTo(ADMIN_PATHS.customer, { customerId }), CustomerDetailSchema, body),
  );
}

export function useSetCustomerDashboards(customerId: number) {
  const api = useApiClient();
  return useCustomerMutation((body: DashboardsBody) =>
    api.call(
      'PUT',
      pathTo(ADMIN_PATHS.customerDashboards, { customerId }),
      CustomerDetailSchema,
      body,
    ),
  );
}

export function useSetCustomerActive(customerId: number) {
  const api = useApiClient();
  return useCustomerMutation((body: { version: number; active: boolean }) =>
    api.call('PUT', pathTo(ADMIN_PATHS.customerActive, { customerId }), CustomerDetailSchema, body),
  );
}

/** The customer's own terms versions, then the default ones, newest first. */
export function useCustomerTerms(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: customersQueryKeys.terms(customerId),
    queryFn: () =>
      api.call('GET', pathTo(ADMIN_PATHS.customerTerms, { customerId }), TermsVersionListSchema),
  });
}

/** A new version of the customer's terms; the customer (its current terms) is reloaded after. */
export function usePublishTerms(customerId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishTermsBody) =>
      api.call('POST', pathTo(ADMIN_PATHS.customerTerms, { customerId }), TermsVersionSchema, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customersQueryKeys.terms(customerId) }),
        queryClient.invalidateQueries({ queryKey: customersQueryKeys.one(customerId) }),
      ]),
  });
}
