import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BUDGET_PATHS,
  BudgetDetailSchema,
  BudgetYearListSchema,
  type BudgetDetail,
  type BudgetInput,
  pathTo,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

export const budgetsQueryKeys = {
  all: ['budgets'] as const,
  years: (customerId: number) => ['budgets', customerId, 'years'] as const,
  detail: (customerId: number, contractId: string, yearOfSupply: number) =>
    ['budgets', customerId, contractId, yearOfSupply] as const,
};

/** Every contract year of the customer with its budget and standing. */
export function useBudgetYears(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: budgetsQueryKeys.years(customerId),
    queryFn: () =>
      api.call('GET', pathTo(BUDGET_PATHS.budgets, { customerId }), BudgetYearListSchema),
  });
}

/** One contract year with the expected price's history. */
export function useBudgetDetail(customerId: number, contractId: string, yearOfSupply: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: budgetsQueryKeys.detail(customerId, contractId, yearOfSupply),
    queryFn: () =>
      api.call(
        'GET',
        pathTo(BUDGET_PATHS.budget, { customerId, contractId, yearOfSupply }),
        BudgetDetailSchema,
      ),
  });
}

export function useSaveBudget(customerId: number, contractId: string, yearOfSupply: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BudgetInput) =>
      api.call(
        'PUT',
        pathTo(BUDGET_PATHS.budget, { customerId, contractId, yearOfSupply }),
        BudgetDetailSchema,
        input,
      ),
    onSuccess: (detail: BudgetDetail) => {
      queryClient.setQueryData(
        budgetsQueryKeys.detail(customerId, contractId, yearOfSupply),
        detail,
      );
      void queryClient.invalidateQueries({ queryKey: budgetsQueryKeys.years(customerId) });
    },
  });
}

export function useDeleteBudget(customerId: number, contractId: string, yearOfSupply: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.send('DELETE', pathTo(BUDGET_PATHS.budget, { customerId, contractId, yearOfSupply })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: budgetsQueryKeys.all }),
  });
}
