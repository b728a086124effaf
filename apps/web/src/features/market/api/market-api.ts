import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FeedHealthSchema, MarketBoardSchema, type BoardEntry, MARKET_PATHS } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useRealtimeEvents, useRealtimeOpened } from '../../../shared/websocket/realtime-context';
import { applyQuotesToBoard } from '../derive/board';

export const MARKET_QUERY_KEYS = {
  board: ['market', 'board'] as const,
  feed: ['market', 'feed'] as const,
};

/** The latest price of every instrument, kept current by priceUpdate. */
export function useMarketBoard() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.name !== 'priceUpdate') return;
    queryClient.setQueryData<BoardEntry[]>(MARKET_QUERY_KEYS.board, (board) =>
      board ? applyQuotesToBoard(board, event.payload.prices) : board,
    );
  });
  useRealtimeOpened(() => {
    void queryClient.invalidateQueries({ queryKey: MARKET_QUERY_KEYS.board });
  });
  return useQuery({
    queryKey: MARKET_QUERY_KEYS.board,
    queryFn: () => api.call('GET', MARKET_PATHS.board, MarketBoardSchema),
  });
}

/** The feed's health as this server sees it; asked again every 10 s. */
export function useFeedHealth() {
  const api = useApiClient();
  return useQuery({
    queryKey: MARKET_QUERY_KEYS.feed,
    queryFn: () => api.call('GET', MARKET_PATHS.feed, FeedHealthSchema),
    refetchInterval: 10_000,
  });
}
