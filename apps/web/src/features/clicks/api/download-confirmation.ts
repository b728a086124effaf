import { CLICK_CONFIRMATION_PATHS, type Locale, pathTo } from '@klik/api';
import { downloadFile } from '../../../shared/api/download-file';

export interface ConfirmationRequest {
  backendUrl: string;
  token: string;
  locale: Locale;
  customerId: number;
  clickId: number;
  fetch?: typeof fetch;
}

/** The address of a completed click's PDF confirmation, in the portal's language. */
export function confirmationUrl(
  backendUrl: string,
  customerId: number,
  clickId: number,
  locale: Locale,
): string {
  const path = pathTo(CLICK_CONFIRMATION_PATHS.confirmation, { customerId, clickId });
  return `${backendUrl.replace(/\/+$/, '')}${path}?locale=${locale}`;
}

/** Downloads a completed click's confirmation (PDF); answers the filename the server gave. */
export function downloadConfirmation(request: ConfirmationRequest): Promise<string> {
  return downloadFile({
    url: confirmationUrl(request.backendUrl, request.customerId, request.clickId, request.locale),
    token: request.token,
    locale: request.locale,
    fallbackName: `klik-${request.clickId}.pdf`,
    fetch: request.fetch,
  });
}
