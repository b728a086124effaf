import {
  MultiClickPreviewSchema,
  MultiClickResultSchema,
  PURCHASE_PATHS,
  SmsSentSchema,
  TermsSchema,
  type ApiClient,
  type MultiClickExecuteBody,
  type MultiClickPreview,
  type MultiClickPreviewBody,
  type MultiClickResult,
  type SmsSent,
  type Terms,
  TPI_PATHS,
  pathTo,
} from '@klik/api';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';

export function previewMultiClick(
  api: ApiClient,
  body: MultiClickPreviewBody,
): Promise<MultiClickPreview> {
  return api.call('POST', TPI_PATHS.multiClickPreview, MultiClickPreviewSchema, body);
}

/** Each item is one click's confirmation; sent again with the same keys after a failure. */
export function executeMultiClick(
  api: ApiClient,
  body: MultiClickExecuteBody,
): Promise<MultiClickResult> {
  return api.call('POST', TPI_PATHS.multiClickExecute, MultiClickResultSchema, body);
}

/** A code for one customer's quote, through the single click's SMS call. */
export function sendMultiClickSms(api: ApiClient, quoteId: string): Promise<SmsSent> {
  return api.call('POST', PURCHASE_PATHS.sms, SmsSentSchema, { quoteId });
}

/** Gives the quotes of a preview up when the consultant leaves it; a failure only logs. */
export async function cancelMultiClickQuotes(api: ApiClient, quoteIds: string[]): Promise<void> {
  await Promise.all(
    quoteIds.map((quoteId) =>
      api
        .send('DELETE', pathTo(PURCHASE_PATHS.cancelQuote, { quoteId }))
        .catch((error: unknown) => {
          console.warn('A quote could not be given up', error);
        }),
    ),
  );
}

/** A customer's terms, read before accepting them for that customer's click. */
export function useCustomerTerms(customerId: number, open: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['tpi', 'multi-click', 'terms', customerId],
    queryFn: (): Promise<Terms> =>
      api.call('GET', pathTo(PURCHASE_PATHS.terms, { customerId }), TermsSchema),
    enabled: open,
  });
}
