import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ADMIN_PATHS,
  AdminDashboardSchema,
  AdminSearchResultSchema,
  PendingApprovalListSchema,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { CLICKS_QUERY_KEY } from '../../../shared/trading/decide-click';

/** How often the figures are counted again while the screen is open. */
export const DASHBOARD_REFRESH_MS = 30_000;

/**
 * The admindashboard's figures. They are counted again now and then and when the window gets the
 * focus back; the figures shown stay until the new ones arrive, so nothing flickers.
 */
export function useAdminDashboard() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => api.call('GET', ADMIN_PATHS.dashboard, AdminDashboardSchema),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Customers, users and contracts matching `q` (already trimmed); nothing is asked for ''. */
export function useAdminSearch(q: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['admin', 'search', q],
    queryFn: () =>
      api.call(
        'GET',
        `${ADMIN_PATHS.search}?${new URLSearchParams({ q }).toString()}`,
        AdminSearchResultSchema,
      ),
    enabled: q !== '',
    // The previous results stay while the next ones load, so the list does not jump.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/**
 * The clicks awaiting approval, the nearest deadline first. Under the clicks' query key, so a
 * decision taken here (or on the click overview) asks for the list again.
 */
export function usePendingApprovals() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...CLICKS_QUERY_KEY, 'pendingApprovals'],
    queryFn: async () =>
      (await api.call('GET', ADMIN_PATHS.approvals, PendingApprovalListSchema)).data,
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
