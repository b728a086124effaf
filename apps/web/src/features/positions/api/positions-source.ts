import { pathTo, POSITION_PATHS } from '@klik/api';

/**
 * Where a screen's positions come from: the selected dashboard, or the whole customer when it has
 * no dashboard. Each has its own REST paths, storage keys and loading flag (spec sections 3, 4, 7).
 */
export type PositionsSource = { kind: 'dashboard'; id: number } | { kind: 'customer'; id: number };

export function contractsPath(source: PositionsSource): string {
  return source.kind === 'dashboard'
    ? pathTo(POSITION_PATHS.dashboardContractData, { dashboardId: source.id })
    : pathTo(POSITION_PATHS.customerContractData, { customerId: source.id });
}

export function summaryPath(source: PositionsSource): string {
  return source.kind === 'dashboard'
    ? pathTo(POSITION_PATHS.dashboardSummary, { dashboardId: source.id })
    : pathTo(POSITION_PATHS.customerSummary, { customerId: source.id });
}

export const positionsQueryKeys = {
  contracts: (source: PositionsSource) =>
    ['positions', 'contracts', source.kind, source.id] as const,
  summaries: (source: PositionsSource) =>
    ['positions', 'summaries', source.kind, source.id] as const,
};
