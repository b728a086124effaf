import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PATHS,
  CustomerListSchema,
  MARGIN_PATHS,
  MarginContractListSchema,
  MarginPreviewSchema,
  PricingIdListSchema,
  ScenarioDetailSchema,
  ScenarioPageSchema,
  type AssignmentsBody,
  type MarginDraft,
  type MarginPreviewBody,
  type SavePricingIdsBody,
  type SaveScenarioBody,
  type ScenarioDetail,
  pathTo,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

const keys = {
  all: ['margins'] as const,
  page: (page: number) => ['margins', 'scenarios', page] as const,
  one: (id: number) => ['margins', 'scenario', id] as const,
  pricingIds: ['margins', 'pricingIds'] as const,
};

/** One page of scenarios, by name. */
export function useScenarioPage(page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: keys.page(page),
    queryFn: () => api.call('GET', `${MARGIN_PATHS.scenarios}?page=${page}`, ScenarioPageSchema),
    placeholderData: keepPreviousData,
  });
}

export function useScenario(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: keys.one(id ?? 0),
    queryFn: () =>
      api.call('GET', pathTo(MARGIN_PATHS.scenario, { scenarioId: id ?? 0 }), ScenarioDetailSchema),
    enabled: id !== null,
  });
}

function useScenarioMutation<B>(send: (body: B) => Promise<ScenarioDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => {
      queryClient.setQueryData(keys.one(detail.current.scenarioId), detail);
      void queryClient.invalidateQueries({ queryKey: ['margins', 'scenarios'] });
    },
  });
}

export function useCreateScenario() {
  const api = useApiClient();
  return useScenarioMutation((draft: MarginDraft) =>
    api.call('POST', MARGIN_PATHS.scenarios, ScenarioDetailSchema, draft),
  );
}

/**
 * A new version on top of `version`, in effect from `effectiveAt` (default now); 409
 * VERSION_CONFLICT when someone saved in between.
 */
export function useSaveScenario(id: number) {
  const api = useApiClient();
  return useScenarioMutation((body: SaveScenarioBody) =>
    api.call('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: id }), ScenarioDetailSchema, body),
  );
}

export function useAssignScenario(id: number) {
  const api = useApiClient();
  return useScenarioMutation((body: AssignmentsBody) =>
    api.call(
      'PUT',
      pathTo(MARGIN_PATHS.assignments, { scenarioId: id }),
      ScenarioDetailSchema,
      body,
    ),
  );
}

export function usePricingIds() {
  const api = useApiClient();
  return useQuery({
    queryKey: keys.pricingIds,
    queryFn: () => api.call('GET', MARGIN_PATHS.pricingIds, PricingIdListSchema),
  });
}

export function useSavePricingIds() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePricingIdsBody) =>
      api.call('PUT', MARGIN_PATHS.pricingIds, PricingIdListSchema, body),
    onSuccess: (list) => queryClient.setQueryData(keys.pricingIds, list),
  });
}

export function usePreview() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: MarginPreviewBody) =>
      api.call('POST', MARGIN_PATHS.preview, MarginPreviewSchema, body),
  });
}

/** How many customers or contracts one search offers; the user narrows the text for others. */
export const PICKER_SIZE = 10;

/** Customers by name or id, searched on the server. */
export function useCustomerSearch(q: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['margins', 'customerSearch', q],
    queryFn: async () => {
      const query = new URLSearchParams({ q, sort: 'name', size: String(PICKER_SIZE) });
      const page = await api.call('GET', `${ADMIN_PATHS.customers}?${query}`, CustomerListSchema);
      return page.data.map(({ id, name }) => ({ id, name }));
    },
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Contracts by Contract-ID or customer name, searched on the server. */
export function useContractSearch(q: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['margins', 'contractSearch', q],
    queryFn: async () => {
      const query = new URLSearchParams({ search: q });
      const list = await api.call(
        'GET',
        `${MARGIN_PATHS.contracts}?${query}`,
        MarginContractListSchema,
      );
      return list.data.slice(0, PICKER_SIZE);
    },
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
