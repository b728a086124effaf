import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  TPI_PATHS,
  TpiCustomerDataSchema,
  TpiPageSchema,
  TpiUserListSchema,
  type ApiClient,
  type TpiCustomerData,
  type TpiQuery,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { tpiRankingQuery } from '../derive/tpi-ranking-search';
import { dropTpiData, storeTpiData } from './tpi-cache';

export const tpiQueryKeys = {
  all: ['tpi'] as const,
  customer: (customerId: number) => ['tpi', 'customer', customerId] as const,
  users: (customerId: number) => ['tpi', 'users', customerId] as const,
};

function pathOf(pattern: string, customerId: number): string {
  return pattern.replace(':customerId', String(customerId));
}

/** Why a customer's row has no TPI data (spec section 8). */
export type TpiProblem = 'failed' | 'noData';

/** One customer's load: the data, or why there is none. */
export type TpiLoad =
  { data: TpiCustomerData; problem: null } | { data: null; problem: TpiProblem };

/**
 * Loads one customer's TPI data and applies the spec's failure rules (section 8): a failed load
 * is only logged and drops the customer's stored TPI data; data without any Power or Gas contract
 * logs a warning and drops it as well. Otherwise the data is stored under tpi_data_{customerId}.
 */
export async function loadTpiData(api: ApiClient, customerId: number): Promise<TpiLoad> {
  let data: TpiCustomerData;
  try {
    data = await api.call('GET', pathOf(TPI_PATHS.customer, customerId), TpiCustomerDataSchema);
  } catch (error) {
    console.warn(`TPI data of customer ${customerId} could not be loaded`, error);
    dropTpiData(customerId);
    return { data: null, problem: 'failed' };
  }
  if (!data.contracts.some((contract) => ['Power', 'Gas'].includes(contract.commodity))) {
    console.warn(`Customer ${customerId} has no Power or Gas data; its TPI data is dropped`);
    dropTpiData(customerId);
    return { data: null, problem: 'noData' };
  }
  storeTpiData(data);
  return { data, problem: null };
}

/** The customer users the consultant may sign in as; asked only when the menu opens. */
export function useTpiUsers(customerId: number, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: tpiQueryKeys.users(customerId),
    queryFn: () => api.call('GET', pathOf(TPI_PATHS.users, customerId), TpiUserListSchema),
    enabled,
  });
}

/** A page of the consultant's customers ranked and filtered by their risk, on the server. */
export function useTpiRanking(query: TpiQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...tpiQueryKeys.all, 'ranking', query] as const,
    queryFn: () => api.call('GET', `${TPI_PATHS.all}${tpiRankingQuery(query)}`, TpiPageSchema),
    placeholderData: keepPreviousData,
  });
}
