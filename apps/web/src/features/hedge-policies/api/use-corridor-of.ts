import { useCallback } from 'react';
import { jointCorridor, type Commodity, type ShareCorridor } from '@klik/domain';
import { useSelection } from '../../../shared/session/use-selection';
import { useHedgeYears } from './hedge-policies-api';

/** The joint hedge corridor of some contracts' year of a commodity; null without a policy. */
export type CorridorLookup = (
  commodity: Commodity,
  yearOfSupply: number,
  contractIds: readonly string[],
) => ShareCorridor | null;

/**
 * The selected customer's hedge corridors for another screen to show (the dashboard's summary):
 * the contracts' corridors of a year taken together (domain jointCorridor). Answers null for
 * every year while the policies load, fail, or when no customer is selected.
 */
export function useCorridorOf(): CorridorLookup {
  const { customer } = useSelection();
  const years = useHedgeYears(customer?.id ?? null);
  const data = years.data;
  return useCallback(
    (commodity, yearOfSupply, contractIds) =>
      jointCorridor(
        (data ?? [])
          .filter(
            (year) =>
              year.commodity === commodity &&
              year.yearOfSupply === yearOfSupply &&
              contractIds.includes(year.contractId),
          )
          .map((year) => ({ totalVolume: year.totalVolume, corridor: year.corridor })),
      ),
    [data],
  );
}
