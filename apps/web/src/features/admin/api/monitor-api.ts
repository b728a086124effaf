import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ActiveSessionsSchema, MARKET_REST, REST, TradingStatusSchema } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { setTradingStatus } from '../../../shared/trading/trading-status';

export const ACTIVE_SESSIONS_QUERY_KEY = ['monitor', 'sessions'] as const;

/** The active sessions; asked again now and then, since sessions end without an event. */
export function useActiveSessions() {
  const api = useApiClient();
  return useQuery({
    queryKey: ACTIVE_SESSIONS_QUERY_KEY,
    queryFn: () => api.call('GET', MARKET_REST.sessions, ActiveSessionsSchema),
    refetchInterval: 30_000,
  });
}

/** Ends one session (admin only): the server revokes it and its websockets are told. */
export function useTerminateSession() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => api.send('DELETE', MARKET_REST.session(sessionId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVE_SESSIONS_QUERY_KEY }),
  });
}

/** Pauses or resumes clicking for every customer; the server audits and announces it. */
export function useSetTradingStatus() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pauzeActive: boolean) =>
      api.call('PUT', REST.tradingStatus, TradingStatusSchema, { pauzeActive }),
    onSuccess: (status) => setTradingStatus(queryClient, status),
  });
}
