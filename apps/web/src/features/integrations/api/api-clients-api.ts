import { useQuery } from '@tanstack/react-query';
import {
  ApiClientListSchema,
  ApiClientSchema,
  ApiClientWithSecretSchema,
  INTEGRATION_PATHS,
  pathTo,
  type CreateApiClientBody,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useRefreshingMutation } from './use-refreshing-mutation';

export const apiClientKeys = {
  all: ['integrations', 'clients'] as const,
  list: (customerId: number) => ['integrations', 'clients', customerId] as const,
};

export function useApiClients(customerId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: apiClientKeys.list(customerId),
    queryFn: () =>
      api.call('GET', pathTo(INTEGRATION_PATHS.clients, { customerId }), ApiClientListSchema),
  });
}

/** Answers the client with its secret: the only time the secret is seen. */
export function useCreateApiClient(customerId: number) {
  const api = useApiClient();
  return useRefreshingMutation(apiClientKeys.list(customerId), (body: CreateApiClientBody) =>
    api.call(
      'POST',
      pathTo(INTEGRATION_PATHS.clients, { customerId }),
      ApiClientWithSecretSchema,
      body,
    ),
  );
}

export function useRotateApiClient(customerId: number) {
  const api = useApiClient();
  return useRefreshingMutation(apiClientKeys.list(customerId), (apiClientId: number) =>
    api.call(
      'POST',
      pathTo(INTEGRATION_PATHS.rotateClient, { customerId, apiClientId }),
      ApiClientWithSecretSchema,
    ),
  );
}

export function useRevokeApiClient(customerId: number) {
  const api = useApiClient();
  return useRefreshingMutation(apiClientKeys.list(customerId), (apiClientId: number) =>
    api.call(
      'DELETE',
      pathTo(INTEGRATION_PATHS.client, { customerId, apiClientId }),
      ApiClientSchema,
    ),
  );
}
