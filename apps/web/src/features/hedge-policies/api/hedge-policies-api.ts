import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HEDGE_POLICY_PATHS,
  HedgeYearListSchema,
  HedgeYearSchema,
  type HedgePolicyInput,
  pathTo,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

export const hedgePolicyQueryKeys = {
  years: (customerId: number) => ['hedgePolicies', customerId] as const,
};

/**
 * Every contract year ahead with its policy and where it stands today; nothing is asked without
 * a customer.
 */
export function useHedgeYears(customerId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: hedgePolicyQueryKeys.years(customerId ?? 0),
    queryFn: () =>
      api.call(
        'GET',
        pathTo(HEDGE_POLICY_PATHS.policies, { customerId: customerId ?? 0 }),
        HedgeYearListSchema,
      ),
    enabled: customerId !== null,
  });
}

export function useSaveHedgePolicy(customerId: number, contractId: string, yearOfSupply: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HedgePolicyInput) =>
      api.call(
        'PUT',
        pathTo(HEDGE_POLICY_PATHS.policy, { customerId, contractId, yearOfSupply }),
        HedgeYearSchema,
        input,
      ),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: hedgePolicyQueryKeys.years(customerId) }),
  });
}

export function useDeleteHedgePolicy(customerId: number, contractId: string, yearOfSupply: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.send(
        'DELETE',
        pathTo(HEDGE_POLICY_PATHS.policy, { customerId, contractId, yearOfSupply }),
      ),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: hedgePolicyQueryKeys.years(customerId) }),
  });
}
