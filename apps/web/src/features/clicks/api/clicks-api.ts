import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ClickCounterSchema,
  ClickDetailSchema,
  ClickListSchema,
  CLICKS_PATHS,
  ContractSummaryListSchema,
  PURCHASE_PATHS,
  ResultsSchema,
  type ClickFilterQuery,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { filterQueryString } from '../derive/click-filter';

export const clicksQueryKeys = {
  all: ['clicks'] as const,
  list: (customerId: number, filter: ClickFilterQuery) =>
    ['clicks', 'list', customerId, filter] as const,
  contracts: (customerId: number) => ['clicks', 'contracts', customerId] as const,
  counter: (customerId: number) => ['clicks', 'counter', customerId] as const,
  results: (customerId: number) => ['clicks', 'results', customerId] as const,
};

export function useClickHistory(customerId: number, filter: ClickFilterQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: clicksQueryKeys.list(customerId, filter),
    queryFn: async () =>
      (
        await api.call(
          'GET',
          `${CLICKS_PATHS.list(customerId)}${filterQueryString(filter)}`,
          ClickListSchema,
        )
      ).data,
  });
}

/** The customer's contracts with their years, for the filter choices. */
export function useCustomerContractSummaries(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: clicksQueryKeys.contracts(customerId),
    queryFn: () =>
      api.call('GET', `/rest/contractSummary/${customerId}`, ContractSummaryListSchema),
  });
}

export function useClickCounter(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: clicksQueryKeys.counter(customerId),
    queryFn: async () =>
      (await api.call('GET', CLICKS_PATHS.counter(customerId), ClickCounterSchema)).data,
  });
}

export function useResults(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: clicksQueryKeys.results(customerId),
    queryFn: async () =>
      (await api.call('GET', CLICKS_PATHS.results(customerId), ResultsSchema)).data,
  });
}

/** Four-eyes: a second user approves or rejects a click that awaits approval. */
export function useDecideClick() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clickId, decision }: { clickId: number; decision: 'approve' | 'reject' }) =>
      api.call(
        'POST',
        decision === 'approve' ? PURCHASE_PATHS.approve(clickId) : PURCHASE_PATHS.reject(clickId),
        ClickDetailSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clicksQueryKeys.all }),
  });
}
