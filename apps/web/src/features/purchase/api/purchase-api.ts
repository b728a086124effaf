import { useQuery } from '@tanstack/react-query';
import {
  ClickDetailSchema,
  ContractDataListSchema,
  ExecuteResponseSchema,
  PURCHASE_PATHS,
  QuoteSchema,
  SmsSentSchema,
  TermsSchema,
  type ApiClient,
  type ClickDetail,
  type ExecuteBody,
  type Quote,
  type QuoteBody,
  type SmsSent,
  type Terms,
  pathTo,
  POSITION_PATHS,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

export const purchaseQueryKeys = {
  contracts: (customerId: number) => ['purchase', 'contracts', customerId] as const,
  terms: (customerId: number) => ['purchase', 'terms', customerId] as const,
  click: (clickId: number) => ['purchase', 'click', clickId] as const,
};

/** Every contract of the customer with its positions (spec section 7). */
export function useCustomerContracts(customerId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: purchaseQueryKeys.contracts(customerId ?? 0),
    queryFn: () =>
      api.call(
        'GET',
        pathTo(POSITION_PATHS.customerContractData, { customerId: customerId ?? 0 }),
        ContractDataListSchema,
      ),
    enabled: customerId !== null,
  });
}

export function requestQuote(api: ApiClient, body: QuoteBody): Promise<Quote> {
  return api.call('POST', PURCHASE_PATHS.quote, QuoteSchema, body);
}

/** Gives a quote up so it no longer counts as a click in progress; a failure only logs. */
export function cancelQuote(api: ApiClient, quoteId: string): Promise<void> {
  return api
    .send('DELETE', pathTo(PURCHASE_PATHS.cancelQuote, { quoteId }))
    .catch((error: unknown) => {
      console.warn('The quote could not be given up', error);
    });
}

export async function executePurchase(api: ApiClient, body: ExecuteBody): Promise<ClickDetail> {
  return (await api.call('POST', PURCHASE_PATHS.execute, ExecuteResponseSchema, body)).click;
}

export function sendSmsCode(api: ApiClient, quoteId: string): Promise<SmsSent> {
  return api.call('POST', PURCHASE_PATHS.sms, SmsSentSchema, { quoteId });
}

export function useTerms(customerId: number, needed: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: purchaseQueryKeys.terms(customerId),
    queryFn: (): Promise<Terms> =>
      api.call('GET', pathTo(PURCHASE_PATHS.terms, { customerId }), TermsSchema),
    enabled: needed,
  });
}

/** The click made by this purchase, followed until it completes or ends. */
export function useClick(clickId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: purchaseQueryKeys.click(clickId ?? 0),
    queryFn: () =>
      api.call('GET', pathTo(PURCHASE_PATHS.click, { clickId: clickId ?? 0 }), ClickDetailSchema),
    enabled: clickId !== null,
  });
}
