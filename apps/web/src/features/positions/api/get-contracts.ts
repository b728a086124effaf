import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type ApiClient, ContractDataListSchema, type ContractData } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { loadingFlags, withLoadingFlag, type LoadingFlagStore } from './loading-flags';
import { readCachedContracts, storeContracts } from './positions-cache';
import { contractsPath, positionsQueryKeys, type PositionsSource } from './positions-source';

/**
 * Loads the contract data of a dashboard or customer, tracks its loading flag and keeps every
 * contract in browser storage. A failure is logged (spec section 8) and passed on so the screen
 * can say so.
 */
export async function fetchContracts(
  api: ApiClient,
  source: PositionsSource,
  flags: LoadingFlagStore = loadingFlags,
): Promise<ContractData[]> {
  try {
    return await withLoadingFlag(flags, source.kind, source.id, async () => {
      const contracts = await api.call('GET', contractsPath(source), ContractDataListSchema);
      storeContracts(contracts);
      return contracts;
    });
  } catch (error) {
    console.warn(`Contract data of ${source.kind} ${source.id} could not be loaded`, error);
    throw error;
  }
}

/**
 * The contract data of the selected source. Until the server answers, the stored positions are
 * shown, each marked DC_37 so nothing stale can be clicked (isPlaceholderData is true then).
 */
export function useContracts(source: PositionsSource) {
  const api = useApiClient();
  // React Query asks for the placeholder on every render until the answer is in; reading and
  // checking the stored contracts is costly, so it is read once.
  const stored = useRef<{ contracts: ContractData[] | undefined } | null>(null);
  return useQuery({
    queryKey: positionsQueryKeys.contracts(source),
    queryFn: () => fetchContracts(api, source),
    placeholderData: () =>
      (stored.current ??= { contracts: readCachedContracts(source) ?? undefined }).contracts,
  });
}
