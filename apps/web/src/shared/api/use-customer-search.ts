import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, CustomerListSchema } from '@klik/api';
import { useApiClient } from './use-api-client';

/** A customer to pick: its id and name. */
export interface CustomerChoice {
  id: number;
  name: string;
}

/** How many customers one search shows; the user narrows the text for others. */
export const CUSTOMER_SEARCH_SIZE = 10;

function customersQuery(q: string): string {
  return new URLSearchParams({ q, sort: 'name', size: String(CUSTOMER_SEARCH_SIZE) }).toString();
}

/**
 * Customers whose name (or id) holds `q`, searched on the server within what the caller reaches,
 * so a supplier with thousands of customers can still pick any of them.
 */
export function useCustomerSearch(q: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['admin', 'customers', 'search', q],
    queryFn: async (): Promise<{ choices: CustomerChoice[]; total: number }> => {
      const page = await api.call(
        'GET',
        `${ADMIN_PATHS.customers}?${customersQuery(q)}`,
        CustomerListSchema,
      );
      return { choices: page.data.map(({ id, name }) => ({ id, name })), total: page.total };
    },
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

const nameKey = (customerId: number | null) => ['admin', 'customers', 'name', customerId] as const;

/** The name of one customer by its id (an address bar holds only the id). */
export function useCustomerName(customerId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: nameKey(customerId),
    queryFn: async () => {
      const page = await api.call(
        'GET',
        `${ADMIN_PATHS.customers}?${customersQuery(String(customerId))}`,
        CustomerListSchema,
      );
      return page.data.find((customer) => customer.id === customerId)?.name ?? null;
    },
    enabled: customerId !== null,
    staleTime: 60_000,
  });
}

/** Keeps the name of a customer just picked, so showing it by its id needs no call. */
export function useRememberCustomerName(): (customer: CustomerChoice) => void {
  const queryClient = useQueryClient();
  return (customer) => queryClient.setQueryData(nameKey(customer.id), customer.name);
}
