import { useQueryClient } from '@tanstack/react-query';
import type { ContractData } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useRealtimeEvents, useRealtimeOpened } from '../../../shared/websocket/realtime-context';
import { applyPriceUpdate } from '../derive/apply-prices';
import { markPaused } from '../derive/mark-paused';
import { positionsWaitingForPrice } from './no-price-yet';
import { storeContracts } from './positions-cache';
import { positionsQueryKeys, type PositionsSource } from './positions-source';
import { fetchContract, replaceContract } from './refresh-contract';

/** Every cached list of contract data, whatever its source. */
const ALL_CONTRACT_LISTS = ['positions', 'contracts'] as const;

/**
 * Keeps the positions on screen current from the websocket (spec section 4): prices move in
 * place, a changed contract is reloaded on its own, a pause shows at once and a resume reloads
 * the selected dashboard.
 */
export function useLivePositions(source: PositionsSource): void {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const key = positionsQueryKeys.contracts(source);

  function reload(contract: Pick<ContractData, 'customerId' | 'contractId'>): void {
    fetchContract(api, contract.customerId, contract.contractId).then(
      (fresh) => replaceContract(queryClient, source, fresh),
      // fetchContract has logged it; the contract stays as it was (spec section 8).
      () => {},
    );
  }

  useRealtimeEvents((event) => {
    switch (event.name) {
      case 'priceUpdate': {
        const contracts = queryClient.getQueryData<ContractData[]>(key);
        if (!contracts) return;
        const result = applyPriceUpdate(
          contracts,
          event.payload.prices,
          positionsWaitingForPrice(),
        );
        if (result.moved.length > 0) {
          queryClient.setQueryData<ContractData[]>(key, result.contracts);
          storeContracts(result.moved);
        }
        for (const contract of result.reload) reload(contract);
        return;
      }
      case 'clickUpdate': {
        const contract = queryClient
          .getQueryData<ContractData[]>(key)
          ?.find((candidate) => candidate.contractId === event.payload.contractId);
        if (contract) reload(contract);
        return;
      }
      case 'tradingStatusUpdate': {
        if (event.payload.pauzeActive) {
          // The server answers DC_35 for every position now; show that without asking it, and
          // let no answer that was already on its way bring the click links back.
          void queryClient.cancelQueries({ queryKey: ALL_CONTRACT_LISTS }).then(() => {
            queryClient.setQueriesData<ContractData[]>({ queryKey: ALL_CONTRACT_LISTS }, (list) =>
              list?.map(markPaused),
            );
          });
        } else {
          void queryClient.invalidateQueries({ queryKey: ALL_CONTRACT_LISTS });
        }
        return;
      }
      default:
        return;
    }
  });

  // Prices, clicks or a pause may have been missed before the socket opened.
  useRealtimeOpened(() => {
    void queryClient.invalidateQueries({ queryKey: key });
  });
}
