import { useMutation } from '@tanstack/react-query';
import type { UserSession } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

export function useLoginAs() {
  const api = useApiClient();
  return useMutation<UserSession, unknown, string>({
    mutationFn: (username) => api.loginAs(username),
  });
}
