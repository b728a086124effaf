/**
 * Where a screen's positions come from: the selected dashboard, or the whole customer when it has
 * no dashboard. Each has its own REST paths, storage keys and loading flag (spec sections 3, 4, 7).
 */
export type PositionsSource = { kind: 'dashboard'; id: number } | { kind: 'customer'; id: number };

export const POSITIONS_PATHS = {
  dashboardContracts: (dashboardId: number) => `/rest/dashboardContractData/${dashboardId}`,
  customerContracts: (customerId: number) => `/rest/contractData/${customerId}`,
  contract: (customerId: number, contractId: string) =>
    `/rest/contractData/contract/${customerId}/${encodeURIComponent(contractId)}`,
  dashboardSummary: (dashboardId: number) => `/rest/dashboardContractSummary/${dashboardId}`,
  customerSummary: (customerId: number) => `/rest/contractSummary/${customerId}`,
} as const;

export function contractsPath(source: PositionsSource): string {
  return source.kind === 'dashboard'
    ? POSITIONS_PATHS.dashboardContracts(source.id)
    : POSITIONS_PATHS.customerContracts(source.id);
}

export function summaryPath(source: PositionsSource): string {
  return source.kind === 'dashboard'
    ? POSITIONS_PATHS.dashboardSummary(source.id)
    : POSITIONS_PATHS.customerSummary(source.id);
}

export const positionsQueryKeys = {
  contracts: (source: PositionsSource) =>
    ['positions', 'contracts', source.kind, source.id] as const,
  summaries: (source: PositionsSource) =>
    ['positions', 'summaries', source.kind, source.id] as const,
};
