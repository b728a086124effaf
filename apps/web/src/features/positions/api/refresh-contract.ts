import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  type ApiClient,
  ContractDataSchema,
  type ContractData,
  pathTo,
  POSITION_PATHS,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { loadingFlags, withLoadingFlag, type LoadingFlagStore } from './loading-flags';
import { storeContracts } from './positions-cache';
import { positionsQueryKeys, type PositionsSource } from './positions-source';

/** Loads one contract again (spec section 4: a changed contract is reloaded on its own). */
export async function fetchContract(
  api: ApiClient,
  customerId: number,
  contractId: string,
  flags: LoadingFlagStore = loadingFlags,
): Promise<ContractData> {
  try {
    return await withLoadingFlag(flags, 'contract', contractId, async () => {
      const contract = await api.call(
        'GET',
        pathTo(POSITION_PATHS.contractData, { customerId, contractId }),
        ContractDataSchema,
      );
      storeContracts([contract]);
      return contract;
    });
  } catch (error) {
    console.warn(`Contract ${contractId} could not be loaded`, error);
    throw error;
  }
}

/** Puts a freshly loaded contract in place of the old one in the source's list. */
export function replaceContract(
  queryClient: QueryClient,
  source: PositionsSource,
  fresh: ContractData,
): void {
  queryClient.setQueryData<ContractData[]>(positionsQueryKeys.contracts(source), (list) =>
    list?.map((contract) => (contract.contractId === fresh.contractId ? fresh : contract)),
  );
}

/** Reloads one contract of the source and puts the fresh data in place of the old. */
export function useRefreshContract(source: PositionsSource) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contract: Pick<ContractData, 'customerId' | 'contractId'>) =>
      fetchContract(api, contract.customerId, contract.contractId),
    onSuccess: (fresh) => replaceContract(queryClient, source, fresh),
  });
}
