import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PRICE_ALERT_PATHS,
  PriceAlertOptionsSchema,
  PriceAlertPageSchema,
  PriceAlertSchema,
  type PriceAlertDraft,
  type PriceAlertStatus,
  pathTo,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

export interface PriceAlertFilter {
  page: number;
  size: number;
  contract?: number;
  status?: PriceAlertStatus;
}

export const priceAlertKeys = {
  all: ['priceAlerts'] as const,
  list: (customerId: number, filter: PriceAlertFilter) =>
    ['priceAlerts', 'list', customerId, filter] as const,
  options: (customerId: number) => ['priceAlerts', 'options', customerId] as const,
};

/** The query string of a filter: only what is set, so the server pages and filters. */
export function filterQuery(filter: PriceAlertFilter): string {
  const params = new URLSearchParams({ page: String(filter.page), size: String(filter.size) });
  if (filter.contract !== undefined) params.set('contract', String(filter.contract));
  if (filter.status !== undefined) params.set('status', filter.status);
  return `?${params.toString()}`;
}

export function usePriceAlerts(customerId: number, filter: PriceAlertFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: priceAlertKeys.list(customerId, filter),
    queryFn: () =>
      api.call(
        'GET',
        `${pathTo(PRICE_ALERT_PATHS.list, { customerId })}${filterQuery(filter)}`,
        PriceAlertPageSchema,
      ),
  });
}

export function usePriceAlertOptions(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: priceAlertKeys.options(customerId),
    queryFn: () =>
      api.call('GET', pathTo(PRICE_ALERT_PATHS.options, { customerId }), PriceAlertOptionsSchema),
  });
}

/** Creates (no id) or saves on top of a version (id and version) an alert. */
export function useSavePriceAlert(customerId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      version,
      draft,
    }: {
      id?: number;
      version?: number;
      draft: PriceAlertDraft;
    }) =>
      id === undefined
        ? api.call('POST', pathTo(PRICE_ALERT_PATHS.list, { customerId }), PriceAlertSchema, draft)
        : api.call(
            'PUT',
            pathTo(PRICE_ALERT_PATHS.alert, { customerId, alertId: id }),
            PriceAlertSchema,
            {
              ...draft,
              version,
            },
          ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceAlertKeys.all }),
  });
}

export function useDeletePriceAlert(customerId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.send(
        'DELETE',
        `${pathTo(PRICE_ALERT_PATHS.alert, { customerId, alertId: id })}?version=${version}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceAlertKeys.all }),
  });
}
