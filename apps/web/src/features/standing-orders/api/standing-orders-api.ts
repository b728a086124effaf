import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ContractDataListSchema,
  PURCHASE_PATHS,
  SmsSentSchema,
  STANDING_ORDER_PATHS,
  StandingOrderPageSchema,
  StandingOrderSchema,
  TermsSchema,
  type PlaceStandingOrderBody,
  type StandingOrderStatusName,
  pathTo,
  POSITION_PATHS,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

export interface StandingOrderListFilter {
  page: number;
  size: number;
  status?: StandingOrderStatusName;
  contractId?: string;
}

export const standingOrderKeys = {
  all: ['standingOrders'] as const,
  list: (customerId: number, filter: StandingOrderListFilter) =>
    ['standingOrders', 'list', customerId, filter] as const,
  contracts: (customerId: number) => ['standingOrders', 'contracts', customerId] as const,
  terms: (customerId: number) => ['standingOrders', 'terms', customerId] as const,
};

/** The query string of a filter: only what is set, so the server pages and filters. */
export function orderFilterQuery(filter: StandingOrderListFilter): string {
  const params = new URLSearchParams({ page: String(filter.page), size: String(filter.size) });
  if (filter.status !== undefined) params.set('status', filter.status);
  if (filter.contractId !== undefined) params.set('contractId', filter.contractId);
  return `?${params.toString()}`;
}

export function useStandingOrders(customerId: number, filter: StandingOrderListFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: standingOrderKeys.list(customerId, filter),
    queryFn: () =>
      api.call(
        'GET',
        `${pathTo(STANDING_ORDER_PATHS.list, { customerId })}${orderFilterQuery(filter)}`,
        StandingOrderPageSchema,
      ),
  });
}

/** The customer's contracts with their years, for choosing a position. */
export function useOrderContracts(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: standingOrderKeys.contracts(customerId),
    queryFn: () =>
      api.call(
        'GET',
        pathTo(POSITION_PATHS.customerContractData, { customerId }),
        ContractDataListSchema,
      ),
  });
}

/** The terms that apply to the customer: placing an order accepts them when not yet accepted. */
export function useOrderTerms(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: standingOrderKeys.terms(customerId),
    queryFn: () => api.call('GET', pathTo(PURCHASE_PATHS.terms, { customerId }), TermsSchema),
    retry: false,
  });
}

export function usePlaceStandingOrder() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceStandingOrderBody) =>
      api.call('POST', STANDING_ORDER_PATHS.orders, StandingOrderSchema, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}

export function useCancelStandingOrder(customerId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      api.call(
        'DELETE',
        pathTo(STANDING_ORDER_PATHS.order, { customerId, orderId }),
        StandingOrderSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}

export function useSendOrderSms(customerId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: () => api.call('POST', STANDING_ORDER_PATHS.sms, SmsSentSchema, { customerId }),
  });
}
