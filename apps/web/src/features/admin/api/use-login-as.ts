import { useMutation } from '@tanstack/react-query';
import type { UserSession } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

/** The login-as call; continueAs (impersonation.ts) then takes over the session. */
export function useLoginAs() {
  const api = useApiClient();
  return useMutation<UserSession, unknown, string>({
    mutationFn: (username) => api.loginAs(username),
  });
}
