import { useCallback } from 'react';
import type { Commodity } from '@klik/domain';
import { useSelection } from '../../../shared/session/use-selection';
import { useCustomerRisk } from './risk-api';

/** A year's P95 and cost-at-risk for another screen to show (EUR, decimal strings). */
export interface YearRiskFigures {
  p95: string;
  costAtRisk: string;
}

/**
 * The risk figures of a commodity's year over exactly these contracts: 'loading' while they are
 * computed, null when there is nothing to show (no customer, a failure, no distribution, or a
 * year the figures cover over other contracts than these).
 */
export type RiskLookup = (
  commodity: Commodity,
  yearOfSupply: number,
  contractIds: readonly string[],
) => YearRiskFigures | 'loading' | null;

function sameContracts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/**
 * The selected customer's risk figures for the dashboard's summary, over the selected dashboard's
 * contracts (the cards' years are that dashboard's). The figures are asked for beside the
 * positions, never before them: the summary shows at once and each year's P95 joins it when the
 * answer arrives.
 */
export function useRiskOf(): RiskLookup {
  const { customer, dashboard } = useSelection();
  const risk = useCustomerRisk(customer?.id ?? null, dashboard?.id ?? null);
  const { data, isPending, isError } = risk;
  const loading = customer !== null && isPending && !isError;
  return useCallback(
    (commodity, yearOfSupply, contractIds) => {
      if (loading) return 'loading';
      const year = data?.years.find(
        (candidate) =>
          candidate.commodity === commodity &&
          candidate.yearOfSupply === yearOfSupply &&
          sameContracts(candidate.contractIds, contractIds),
      );
      const distribution = year?.distribution;
      return distribution ? { p95: distribution.p95, costAtRisk: distribution.costAtRisk } : null;
    },
    [data, loading],
  );
}
