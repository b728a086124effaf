import {
  ApiError,
  BACKTEST_PATHS,
  HistoryCoverageSchema,
  HistoryImportRefusedSchema,
  HistoryImportReportSchema,
  type ApiClient,
  type HistoryImportReport,
} from '@klik/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';

export const priceHistoryQueryKeys = {
  coverage: ['priceHistory', 'coverage'] as const,
};

/** What one run of the import answered: its report, or the report of a refusal. */
export type HistoryImportOutcome =
  | { kind: 'report'; report: HistoryImportReport }
  /** 422: the file has issues, so nothing was imported; the report says which. */
  | { kind: 'refused'; report: HistoryImportReport };

/** The file goes as the raw body, text/csv: the server reads it as UTF-8 CSV. */
export async function runHistoryImport(
  api: ApiClient,
  file: Blob,
  dryRun: boolean,
): Promise<HistoryImportOutcome> {
  const path = `${BACKTEST_PATHS.historyImport}${dryRun ? '?dryRun=true' : ''}`;
  try {
    const report = await api.upload(path, HistoryImportReportSchema, file, 'text/csv');
    return { kind: 'report', report };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const refused = HistoryImportRefusedSchema.safeParse(error.body);
      if (refused.success) return { kind: 'refused', report: refused.data.report };
    }
    throw error;
  }
}

/** Checks (dryRun) or imports a file; an import that wrote asks for the coverage again. */
export function useHistoryImport() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      runHistoryImport(api, file, dryRun),
    onSuccess: (outcome) => {
      if (outcome.kind === 'report' && outcome.report.imported) {
        void queryClient.invalidateQueries({ queryKey: priceHistoryQueryKeys.coverage });
      }
    },
  });
}

/** What history is kept: per product, market, year of supply and source. */
export function useHistoryCoverage() {
  const api = useApiClient();
  return useQuery({
    queryKey: priceHistoryQueryKeys.coverage,
    queryFn: () => api.call('GET', BACKTEST_PATHS.historyCoverage, HistoryCoverageSchema),
  });
}
