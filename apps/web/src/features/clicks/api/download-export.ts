import {
  ApiError,
  CLICKS_PATHS,
  ErrorBodySchema,
  LOCALE_HEADER,
  type ClickFilterQuery,
  type Locale,
} from '@klik/api';
import { filenameFromDisposition, filterQueryString } from '../derive/click-filter';

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
  return `${backendUrl.replace(/\/+$/, '')}${CLICKS_PATHS.export(customerId)}${filterQueryString(
    filter,
    { format },
  )}`;
}

/**
 * Downloads the click overview as CSV or XLSX with the overview's filters. The call needs the
 * session token in a header, so the file is fetched and handed to the browser as a download
 * named as the server's content-disposition says. Answers the filename.
 */
export async function downloadExport(request: ExportRequest): Promise<string> {
  const doFetch = request.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const response = await doFetch(
    exportUrl(request.backendUrl, request.customerId, request.filter, request.format),
    {
      headers: { authorization: `Bearer ${request.token}`, [LOCALE_HEADER]: request.locale },
      credentials: 'same-origin',
    },
  );
  if (!response.ok) {
    const body = ErrorBodySchema.safeParse(await response.json().catch(() => null));
    throw new ApiError(
      response.status,
      body.success ? body.data.code : 'INTERNAL',
      body.success ? body.data.message : response.statusText,
    );
  }
  const filename = filenameFromDisposition(
    response.headers.get('content-disposition'),
    `klik-clicks.${request.format}`,
  );
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has started the download from the object URL by now; free it a little later.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return filename;
}
