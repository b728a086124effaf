import { type ClickFilterQuery, type Locale, CLICK_PATHS, pathTo } from '@klik/api';
import { downloadFile } from '../../../shared/api/download-file';
import { filterQueryString } from '../derive/click-filter';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportRequest {
  backendUrl: string;
  token: string;
  locale: Locale;
  customerId: number;
  filter: ClickFilterQuery;
  format: ExportFormat;
  fetch?: typeof fetch;
}

/** The export endpoint's address for a customer, filters and format. */
export function exportUrl(
  backendUrl: string,
  customerId: number,
  filter: ClickFilterQuery,
  format: ExportFormat,
): string {
  return `${backendUrl.replace(/\/+$/, '')}${pathTo(CLICK_PATHS.export, { customerId })}${filterQueryString(
    filter,
    { format },
  )}`;
}

/** Downloads the click overview as CSV or XLSX with the overview's filters; answers the filename. */
export function downloadExport(request: ExportRequest): Promise<string> {
  return downloadFile({
    url: exportUrl(request.backendUrl, request.customerId, request.filter, request.format),
    token: request.token,
    locale: request.locale,
    fallbackName: `klik-clicks.${request.format}`,
    fetch: request.fetch,
  });
}
