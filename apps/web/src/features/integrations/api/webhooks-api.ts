import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  WEBHOOK_PATHS,
  WebhookDeliveryPageSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  WebhookQueuedSchema,
  pathTo,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookDeliveryStatus,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useRefreshingMutation } from './use-refreshing-mutation';

export interface DeliveryFilter {
  page: number;
  size: number;
  status?: WebhookDeliveryStatus;
}

export const webhookKeys = {
  endpoints: (customerId: number) => ['integrations', 'webhooks', customerId] as const,
  deliveries: (customerId: number, endpointId: number) =>
    ['integrations', 'webhooks', customerId, endpointId, 'deliveries'] as const,
};

/** The query of WebhookDeliveryQuerySchema: the server pages and filters the log. */
export function deliveryQuery(filter: DeliveryFilter): string {
  const params = new URLSearchParams({ page: String(filter.page), size: String(filter.size) });
  if (filter.status !== undefined) params.set('status', filter.status);
  return `?${params.toString()}`;
}

export function useWebhookEndpoints(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: webhookKeys.endpoints(customerId),
    queryFn: () =>
      api.call('GET', pathTo(WEBHOOK_PATHS.endpoints, { customerId }), WebhookEndpointListSchema),
  });
}

export function useWebhookDeliveries(
  customerId: number,
  endpointId: number,
  filter: DeliveryFilter,
) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...webhookKeys.deliveries(customerId, endpointId), filter],
    queryFn: () =>
      api.call(
        'GET',
        `${pathTo(WEBHOOK_PATHS.deliveries, { customerId, endpointId })}${deliveryQuery(filter)}`,
        WebhookDeliveryPageSchema,
      ),
    // The page shown stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useCreateWebhookEndpoint(customerId: number) {
  const api = useApiClient();
  return useRefreshingMutation(
    webhookKeys.endpoints(customerId),
    (body: CreateWebhookEndpointBody) =>
      api.call(
        'POST',
        pathTo(WEBHOOK_PATHS.endpoints, { customerId }),
        WebhookEndpointWithSecretSchema,
        body,
      ),
  );
}

export function useUpdateWebhookEndpoint(customerId: number) {
  const api = useApiClient();
  return useRefreshingMutation(
    webhookKeys.endpoints(customerId),
    ({ endpointId, body }: { endpointId: number; body: UpdateWebhookEndpointBody }) =>
      api.call(
        'PUT',
        pathTo(WEBHOOK_PATHS.endpoint, { customerId, endpointId }),
        WebhookEndpointSchema,
        body,
      ),
  );
}

export function useDeleteWebhookEndpoint(customerId: number) {
  const api = useApiClient();
  return useRefreshingMutation(webhookKeys.endpoints(customerId), (endpointId: number) =>
    api.send('DELETE', pathTo(WEBHOOK_PATHS.endpoint, { customerId, endpointId })),
  );
}

export function useRotateWebhookSecret(customerId: number) {
  const api = useApiClient();
  return useRefreshingMutation(webhookKeys.endpoints(customerId), (endpointId: number) =>
    api.call(
      'POST',
      pathTo(WEBHOOK_PATHS.rotateSecret, { customerId, endpointId }),
      WebhookEndpointWithSecretSchema,
    ),
  );
}

/** A test event or a replay: queued on the server; the delivery log shows it shortly after. */
export function useQueueDelivery(customerId: number, endpointId: number) {
  const api = useApiClient();
  return useRefreshingMutation(
    webhookKeys.deliveries(customerId, endpointId),
    (deliveryId: string | null) =>
      api.call(
        'POST',
        deliveryId === null
          ? pathTo(WEBHOOK_PATHS.test, { customerId, endpointId })
          : pathTo(WEBHOOK_PATHS.replay, { customerId, endpointId, deliveryId }),
        WebhookQueuedSchema,
      ),
  );
}
