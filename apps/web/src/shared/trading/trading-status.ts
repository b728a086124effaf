import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TradingStatus } from '@klik/api';
import { useApiClient } from '../api/use-api-client';

export const TRADING_STATUS_QUERY_KEY = ['tradingStatus'] as const;

/** Whether clicking is paused: asked from the server, then kept current by the websocket. */
export function useTradingStatus() {
  const api = useApiClient();
  return useQuery({
    queryKey: TRADING_STATUS_QUERY_KEY,
    queryFn: () => api.tradingStatus(),
  });
}

/** Puts a status the server announced (or answered) in place of the one asked before. */
export function setTradingStatus(queryClient: QueryClient, status: TradingStatus): void {
  queryClient.setQueryData<TradingStatus>(TRADING_STATUS_QUERY_KEY, status);
}
