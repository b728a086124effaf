import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActiveSessionsSchema,
  TradingStatusSchema,
  REALTIME_PATHS,
  TRADING_PATHS,
  pathTo,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { setTradingStatus } from '../../../shared/trading/trading-status';
import { useSessionCount } from '../../../shared/websocket/realtime-context';

export const ACTIVE_SESSIONS_QUERY_KEY = ['monitor', 'sessions'] as const;

/**
 * The active sessions: asked again whenever the live count of connected sessions changes, and
 * now and then besides, since a session can also end or start without a socket.
 */
export function useActiveSessions() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const count = useSessionCount();
  const seenCount = useRef(count);
  useEffect(() => {
    if (count === seenCount.current) return;
    seenCount.current = count;
    if (count !== null) void queryClient.invalidateQueries({ queryKey: ACTIVE_SESSIONS_QUERY_KEY });
  }, [count, queryClient]);
  return useQuery({
    queryKey: ACTIVE_SESSIONS_QUERY_KEY,
    queryFn: () => api.call('GET', REALTIME_PATHS.sessions, ActiveSessionsSchema),
    refetchInterval: 30_000,
  });
}

/** Ends one session (admin only): the server revokes it and its websockets are told. */
export function useTerminateSession() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      api.send('DELETE', pathTo(REALTIME_PATHS.session, { id: sessionId })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVE_SESSIONS_QUERY_KEY }),
  });
}

/** Pauses or resumes clicking for every customer; the server audits and announces it. */
export function useSetTradingStatus() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pauzeActive: boolean) =>
      api.call('PUT', TRADING_PATHS.status, TradingStatusSchema, { pauzeActive }),
    onSuccess: (status) => setTradingStatus(queryClient, status),
  });
}
