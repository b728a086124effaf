import { useQuery } from '@tanstack/react-query';
import {
  ClickCounterSchema,
  ClickListSchema,
  ContractSummaryListSchema,
  ResultsSchema,
  type ClickFilterQuery,
  CLICK_PATHS,
  pathTo,
  POSITION_PATHS,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { CLICKS_QUERY_KEY } from '../../../shared/trading/decide-click';
import { filterQueryString } from '../derive/click-filter';

export const clicksQueryKeys = {
  all: CLICKS_QUERY_KEY,
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
          `${pathTo(CLICK_PATHS.list, { customerId })}${filterQueryString(filter)}`,
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
      api.call(
        'GET',
        pathTo(POSITION_PATHS.customerSummary, { customerId }),
        ContractSummaryListSchema,
      ),
  });
}

export function useClickCounter(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: clicksQueryKeys.counter(customerId),
    queryFn: async () =>
      (await api.call('GET', pathTo(CLICK_PATHS.counter, { customerId }), ClickCounterSchema)).data,
  });
}

export function useResults(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: clicksQueryKeys.results(customerId),
    queryFn: async () =>
      (await api.call('GET', pathTo(CLICK_PATHS.results, { customerId }), ResultsSchema)).data,
  });
}
