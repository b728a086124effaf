import {
  ApiError,
  ContractImportRefusedSchema,
  ContractImportReportSchema,
  type ApiClient,
  type ContractImportReport,
  CONTRACT_PATHS,
} from '@klik/api';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';

/** What one run of the import answered: its report, or why there is none. */
export type ImportOutcome =
  | { kind: 'report'; report: ContractImportReport }
  /** 422: the file has issues, so nothing was imported; the report says which. */
  | { kind: 'refused'; report: ContractImportReport };

/*
 * The file goes as the raw body with a neutral media type: the server tells CSV from XLSX by its
 * bytes, and browsers name a .csv file differently (text/csv, application/vnd.ms-excel, none).
 */
export async function runContractImport(
  api: ApiClient,
  file: Blob,
  dryRun: boolean,
): Promise<ImportOutcome> {
  const path = `${CONTRACT_PATHS.import}${dryRun ? '?dryRun=true' : ''}`;
  try {
    const report = await api.upload(
      path,
      ContractImportReportSchema,
      file,
      'application/octet-stream',
    );
    return { kind: 'report', report };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const refused = ContractImportRefusedSchema.safeParse(error.body);
      if (refused.success) return { kind: 'refused', report: refused.data.report };
    }
    throw error;
  }
}

export function useContractImport() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      runContractImport(api, file, dryRun),
  });
}
