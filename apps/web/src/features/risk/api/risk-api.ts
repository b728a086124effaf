import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CustomerRiskSchema, RISK_PATHS, pathTo } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useRealtimeEvents } from '../../../shared/websocket/realtime-context';

export const riskQueryKeys = {
  all: ['risk'] as const,
  customer: (customerId: number, dashboardId: number | null = null) =>
    ['risk', customerId, dashboardId] as const,
};

// The figures rest on the last price tick; a minute old is fresh enough to read and keeps the
// dashboard and the risk screen from asking the Monte Carlo engine again on every visit.
const RISK_STALE_MS = 60_000;

/**
 * The risk figures of a customer: every contract year, the book and the method (docs/risk.md);
 * with a dashboard, over that dashboard's contracts only. A click changes what is open, so a
 * clickUpdate asks for them again.
 */
export function useCustomerRisk(customerId: number | null, dashboardId: number | null = null) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.name === 'clickUpdate') {
      void queryClient.invalidateQueries({ queryKey: riskQueryKeys.all });
    }
  });
  return useQuery({
    queryKey: riskQueryKeys.customer(customerId ?? 0, dashboardId),
    queryFn: () =>
      api.call(
        'GET',
        `${pathTo(RISK_PATHS.customer, { customerId: customerId ?? 0 })}${
          dashboardId === null ? '' : `?dashboardId=${dashboardId}`
        }`,
        CustomerRiskSchema,
      ),
    enabled: customerId !== null,
    staleTime: RISK_STALE_MS,
  });
}
