import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type ApiClient, ContractSummaryListSchema, type ContractSummary } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { readCachedSummaries, storeSummaries } from './positions-cache';
import { positionsQueryKeys, summaryPath, type PositionsSource } from './positions-source';

/** Loads the contract summaries of a dashboard or customer and keeps them in summaryD_/summaryC_. */
export async function fetchSummaries(
  api: ApiClient,
  source: PositionsSource,
): Promise<ContractSummary[]> {
  try {
    const summaries = await api.call('GET', summaryPath(source), ContractSummaryListSchema);
    storeSummaries(source, summaries);
    return summaries;
  } catch (error) {
    console.warn(`Contract summaries of ${source.kind} ${source.id} could not be loaded`, error);
    throw error;
  }
}

export function useSummaries(source: PositionsSource) {
  const api = useApiClient();
  // Read once: React Query asks for the placeholder on every render until the answer is in.
  const stored = useRef<{ summaries: ContractSummary[] | undefined } | null>(null);
  return useQuery({
    queryKey: positionsQueryKeys.summaries(source),
    queryFn: () => fetchSummaries(api, source),
    placeholderData: () =>
      (stored.current ??= { summaries: readCachedSummaries(source) ?? undefined }).summaries,
  });
}
