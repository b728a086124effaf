import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PATHS,
  CONTRACT_PATHS,
  ContractDetailSchema,
  ContractListSchema,
  CustomerDetailSchema,
  CustomerListSchema,
  type ContractDetail,
  type ContractInput,
  pathTo,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

export const contractsQueryKeys = {
  all: ['admin', 'contracts'] as const,
  list: (query: string) => ['admin', 'contracts', 'list', query] as const,
  one: (id: number) => ['admin', 'contracts', 'one', id] as const,
};

/** One page of contracts; `query` is the address bar's, checked by the server. */
export function useContractList(query: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: contractsQueryKeys.list(query),
    queryFn: () =>
      api.call(
        'GET',
        `${CONTRACT_PATHS.contracts}${query === '' ? '' : `?${query}`}`,
        ContractListSchema,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useContract(id: number, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: contractsQueryKeys.one(id),
    enabled,
    queryFn: () => api.call('GET', pathTo(CONTRACT_PATHS.contract, { id }), ContractDetailSchema),
    // A stale revision is reloaded on purpose, never swapped under a form being edited.
    refetchOnWindowFocus: false,
  });
}

/** The customers to choose from, by name (the first 100 that match what was typed). */
export function useCustomerChoices(search: string) {
  const api = useApiClient();
  const query = new URLSearchParams({ size: '100', sort: 'name' });
  if (search.trim() !== '') query.set('q', search.trim());
  return useQuery({
    queryKey: ['admin', 'customers', 'contract-choices', query.toString()],
    queryFn: () =>
      api.call('GET', `${ADMIN_PATHS.customers}?${query.toString()}`, CustomerListSchema),
    placeholderData: keepPreviousData,
  });
}

/** The chosen customer's dashboards, for "appears on". */
export function useCustomerDashboards(customerId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['admin', 'customers', 'one', customerId],
    enabled: customerId !== null,
    queryFn: () =>
      api.call(
        'GET',
        pathTo(ADMIN_PATHS.customer, { customerId: customerId as number }),
        CustomerDetailSchema,
      ),
    select: (customer) => customer.dashboards,
  });
}

function useSaved() {
  const queryClient = useQueryClient();
  return (contract: ContractDetail) => {
    queryClient.setQueryData(contractsQueryKeys.one(contract.id), contract);
    void queryClient.invalidateQueries({ queryKey: contractsQueryKeys.all, exact: false });
  };
}

export function useCreateContract() {
  const api = useApiClient();
  const saved = useSaved();
  return useMutation({
    mutationFn: (input: ContractInput) =>
      api.call('POST', CONTRACT_PATHS.contracts, ContractDetailSchema, input),
    onSuccess: saved,
  });
}

export function useUpdateContract(id: number) {
  const api = useApiClient();
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: { version: number; contract: ContractInput }) =>
      api.call('PUT', pathTo(CONTRACT_PATHS.contract, { id }), ContractDetailSchema, body),
    onSuccess: saved,
  });
}
