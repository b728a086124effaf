import { useMutation, useQuery } from '@tanstack/react-query';
import {
  LoginOAuth2BodySchema,
  SSO_PATHS,
  SsoProviderListSchema,
  SsoStartResultSchema,
  UserSessionSchema,
  type LoginOAuth2Body,
  type SsoStartBody,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

export function useSsoProviders(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['sso', 'providers'],
    enabled,
    queryFn: () => api.call('GET', SSO_PATHS.providers, SsoProviderListSchema),
    staleTime: Infinity,
  });
}

/** Asks the server for the provider's authorisation address (it keeps state, nonce and PKCE). */
export function useStartSso() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: SsoStartBody) =>
      api.call('POST', SSO_PATHS.start, SsoStartResultSchema, body),
  });
}

export function useLoginOAuth2() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: LoginOAuth2Body) =>
      api.call('POST', SSO_PATHS.loginOAuth2, UserSessionSchema, LoginOAuth2BodySchema.parse(body)),
  });
}
