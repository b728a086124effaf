import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeadlineCalendarCreatedSchema,
  DeadlineCalendarSchema,
  DeadlinePageSchema,
  type DeadlineAllQuery,
  DEADLINE_PATHS,
  pathTo,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

/** The overview's filter as the screen holds it; page counts from 0. */
export type DeadlineFilter = Omit<DeadlineAllQuery, 'page' | 'size'> & { page: number };

export const DEADLINES_PAGE_SIZE = 25;

export const deadlinesQueryKeys = {
  all: ['deadlines'] as const,
  list: (scope: number | 'all', filter: DeadlineFilter) =>
    ['deadlines', 'list', scope, filter] as const,
  calendar: ['deadlines', 'calendar'] as const,
};

/** The query string of a filter; empty choices are left out. */
export function deadlineQueryString(filter: DeadlineFilter, withCustomer: boolean): string {
  const params = new URLSearchParams({
    page: String(filter.page),
    size: String(DEADLINES_PAGE_SIZE),
  });
  if (filter.commodity) params.set('commodity', filter.commodity);
  if (filter.withinDays !== undefined) params.set('withinDays', String(filter.withinDays));
  if (withCustomer && filter.customerId !== undefined) {
    params.set('customerId', String(filter.customerId));
  }
  return `?${params.toString()}`;
}

/** One customer's deadlines, or (scope 'all') a TPI consultant's across their customers. */
export function useDeadlines(scope: number | 'all', filter: DeadlineFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: deadlinesQueryKeys.list(scope, filter),
    queryFn: () =>
      api.call(
        'GET',
        scope === 'all'
          ? `${DEADLINE_PATHS.all}${deadlineQueryString(filter, true)}`
          : `${pathTo(DEADLINE_PATHS.customer, { customerId: scope })}${deadlineQueryString(filter, false)}`,
        DeadlinePageSchema,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCalendarFeed() {
  const api = useApiClient();
  return useQuery({
    queryKey: deadlinesQueryKeys.calendar,
    queryFn: () => api.call('GET', DEADLINE_PATHS.calendar, DeadlineCalendarSchema),
  });
}

/** Makes or renews the feed; the answer holds the URL, which is shown only now. */
export function useCreateCalendarFeed() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('POST', DEADLINE_PATHS.calendar, DeadlineCalendarCreatedSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deadlinesQueryKeys.calendar }),
  });
}

export function useRevokeCalendarFeed() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.send('DELETE', DEADLINE_PATHS.calendar),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deadlinesQueryKeys.calendar }),
  });
}
