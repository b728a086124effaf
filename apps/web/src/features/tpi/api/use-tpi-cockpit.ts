import { useEffect } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { Customer, TpiCustomerData } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useRealtimeEvents } from '../../../shared/websocket/realtime-context';
import { loadTpiData, tpiQueryKeys, type TpiProblem } from './tpi-api';
import { readTpiData } from './tpi-cache';

/** The spec's TPI status: 1 while a customer's data loads, 2 once it has. */
export const TPI_STATUS = { loading: 1, loaded: 2 } as const;
export type TpiStatus = (typeof TPI_STATUS)[keyof typeof TPI_STATUS];

/** One customer's row of the cockpit. */
export interface TpiRowState {
  customer: Customer;
  status: TpiStatus;
  /** The figures shown: the last loaded (or stored) ones; null when there are none. */
  data: TpiCustomerData | null;
  problem: TpiProblem | null;
}

/**
 * Loads every customer's TPI data at once, each on its own, so rows fill in as their answers
 * come (status 1, then 2). A visit to the overview loads them again (after a click made on
 * consultantdashboard, say), showing the stored figures meanwhile; a clickUpdate for one of a
 * customer's contracts loads that customer again.
 */
export function useTpiCockpit(customers: readonly Customer[]): TpiRowState[] {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: customers.map((customer) => ({
      queryKey: tpiQueryKeys.customer(customer.id),
      queryFn: () => loadTpiData(api, customer.id),
      placeholderData: () => {
        const stored = readTpiData(customer.id);
        return stored ? { data: stored, problem: null } : undefined;
      },
    })),
  });

  // Loaded before (this tab's earlier visit): load again; those loading now are left alone.
  useEffect(() => {
    void queryClient.invalidateQueries({
      queryKey: tpiQueryKeys.all,
      predicate: (query) => query.state.fetchStatus === 'idle',
    });
  }, [queryClient]);

  const rows = customers.map((customer, index): TpiRowState => {
    const result = results[index];
    const load = result?.data;
    return {
      customer,
      status: !result || result.isFetching || result.isPlaceholderData ? 1 : 2,
      data: load?.data ?? null,
      problem: load?.problem ?? null,
    };
  });

  useRealtimeEvents((event) => {
    if (event.name !== 'clickUpdate') return;
    const owner = rows.find((row) =>
      row.data?.contracts.some((contract) => contract.contractId === event.payload.contractId),
    );
    if (owner) {
      void queryClient.invalidateQueries({ queryKey: tpiQueryKeys.customer(owner.customer.id) });
    }
  });

  return rows;
}
