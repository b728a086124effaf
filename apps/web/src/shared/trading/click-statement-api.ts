import { CLICK_CONFIRMATION_PATHS, pathTo, type Locale } from '@klik/api';
import { downloadFile } from '../api/download-file';

export interface StatementRequest {
  backendUrl: string;
  token: string;
  locale: Locale;
  customerId: number;
  /** First and last day, YYYY-MM-DD (Europe/Amsterdam, inclusive). */
  from: string;
  to: string;
  format: 'pdf' | 'csv';
}

/** Downloads the statement of a customer's clicks over a period, for an auditor. */
export function downloadStatement(request: StatementRequest): Promise<string> {
  const path = pathTo(CLICK_CONFIRMATION_PATHS.statement, { customerId: request.customerId });
  const query = new URLSearchParams({
    from: request.from,
    to: request.to,
    format: request.format,
    locale: request.locale,
  });
  return downloadFile({
    url: `${request.backendUrl.replace(/\/+$/, '')}${path}?${query.toString()}`,
    token: request.token,
    locale: request.locale,
    fallbackName: `klik-${request.customerId}-${request.from}-${request.to}.${request.format}`,
  });
}
