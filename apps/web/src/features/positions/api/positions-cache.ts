import { flagLoadingAtLogin } from '@klik/domain';
import { localJsonStorage, sessionJsonStorage } from '../../../shared/storage/browser-storage';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import {
  ContractDataSchema,
  ContractSummaryListSchema,
  type ContractData,
  type ContractSummary,
} from '@klik/api';
import { trackContracts } from './no-price-yet';
import type { PositionsSource } from './positions-source';

// position_{contractId} is the persistent one (spec section 3): it lives in localStorage. The
// clicks and summaries are kept for the tab's session only.
const StoredPositionSchema = ContractDataSchema.omit({ clicks: true });
const StoredClicksSchema = ContractDataSchema.shape.clicks;

function summaryKey(source: PositionsSource): string {
  return source.kind === 'dashboard'
    ? STORAGE_KEYS.summaryDashboard(source.id)
    : STORAGE_KEYS.summaryCustomer(source.id);
}

/** Keeps each contract's positions and clicks under the spec's keys; a full storage only warns. */
export function storeContracts(contracts: readonly ContractData[]): void {
  trackContracts(contracts);
  for (const { clicks, ...position } of contracts) {
    localJsonStorage.write(STORAGE_KEYS.position(position.contractId), position);
    sessionJsonStorage.write(STORAGE_KEYS.clicks(position.contractId), clicks);
  }
}

export function storeSummaries(
  source: PositionsSource,
  summaries: readonly ContractSummary[],
): void {
  sessionJsonStorage.write(summaryKey(source), summaries);
}

export function readCachedSummaries(source: PositionsSource): ContractSummary[] | null {
  const parsed = ContractSummaryListSchema.safeParse(sessionJsonStorage.read(summaryKey(source)));
  return parsed.success ? parsed.data : null;
}

export function readCachedContract(contractId: string): ContractData | null {
  const position = StoredPositionSchema.safeParse(
    localJsonStorage.read(STORAGE_KEYS.position(contractId)),
  );
  if (!position.success) return null;
  const clicks = StoredClicksSchema.safeParse(
    sessionJsonStorage.read(STORAGE_KEYS.clicks(contractId)),
  );
  return { ...position.data, clicks: clicks.success ? clicks.data : [] };
}

/** A contract as shown from storage: every position not clickable with DC_37 until fresh data. */
export function markLoading(contract: ContractData): ContractData {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  return {
    ...contract,
    statusPerContract: {
      yearStatuses: flagLoadingAtLogin(yearStatuses),
      quarterStatuses: flagLoadingAtLogin(quarterStatuses),
      monthStatuses: flagLoadingAtLogin(monthStatuses),
    },
  };
}

/**
 * The source's contracts as last stored, marked DC_37, or null when nothing is stored. Which
 * contracts belong to a dashboard or customer is read from its stored summary.
 */
export function readCachedContracts(source: PositionsSource): ContractData[] | null {
  const summaries = readCachedSummaries(source);
  if (!summaries) return null;
  const contracts = summaries
    .map((summary) => readCachedContract(summary.contractId))
    .filter((contract): contract is ContractData => contract !== null)
    .map(markLoading);
  return contracts.length > 0 ? contracts : null;
}
