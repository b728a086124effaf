import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BACKTEST_PATHS,
  BacktestSchema,
  ContractSummaryListSchema,
  POSITION_PATHS,
  RankingSchema,
  pathTo,
  type RankingQuery,
  type StrategyParameters,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useRealtimeEvents } from '../../../shared/websocket/realtime-context';
import { rankingQuery, replayQuery } from '../derive/backtest-search';

export const backtestQueryKeys = {
  all: ['backtest'] as const,
  contracts: (customerId: number) => ['backtest', 'contracts', customerId] as const,
  replay: (
    customerId: number,
    contractId: string,
    yearOfSupply: number,
    parameters: StrategyParameters,
  ) => ['backtest', 'replay', customerId, contractId, yearOfSupply, parameters] as const,
  ranking: (query: RankingQuery) => ['backtest', 'ranking', query] as const,
};

// A replay reads the stored history and the clicks: it changes with a click, not by the minute.
const BACKTEST_STALE_MS = 5 * 60_000;

/** A click changes the actual clicks every replay and the ranking compare with. */
function useAskAgainAfterClicks() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.name === 'clickUpdate') {
      void queryClient.invalidateQueries({ queryKey: backtestQueryKeys.all });
    }
  });
}

/** The customer's contracts with their years of supply, for the contract and year pickers. */
export function useBacktestContracts(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: backtestQueryKeys.contracts(customerId),
    queryFn: () =>
      api.call(
        'GET',
        pathTo(POSITION_PATHS.customerSummary, { customerId }),
        ContractSummaryListSchema,
      ),
    staleTime: BACKTEST_STALE_MS,
  });
}

/** One contract year of a customer replayed with the given strategy parameters. */
export function useBacktest(
  customerId: number,
  contractId: string | null,
  yearOfSupply: number | null,
  parameters: StrategyParameters,
) {
  const api = useApiClient();
  useAskAgainAfterClicks();
  return useQuery({
    queryKey: backtestQueryKeys.replay(customerId, contractId ?? '', yearOfSupply ?? 0, parameters),
    queryFn: () =>
      api.call(
        'GET',
        `${pathTo(BACKTEST_PATHS.replay, { customerId })}?${replayQuery(
          contractId ?? '',
          yearOfSupply ?? 0,
          parameters,
        )}`,
        BacktestSchema,
      ),
    enabled: contractId !== null && yearOfSupply !== null,
    staleTime: BACKTEST_STALE_MS,
  });
}

/** The signed-in consultant's (account manager's) customers ranked, paged and sorted by the server. */
export function useBacktestRanking(query: RankingQuery) {
  const api = useApiClient();
  useAskAgainAfterClicks();
  return useQuery({
    queryKey: backtestQueryKeys.ranking(query),
    queryFn: () =>
      api.call('GET', `${BACKTEST_PATHS.ranking}?${rankingQuery(query)}`, RankingSchema),
    placeholderData: keepPreviousData,
    staleTime: BACKTEST_STALE_MS,
  });
}
