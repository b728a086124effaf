import { useMutation } from '@tanstack/react-query';
import type { LoginBody, UserSession } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

export function useLogin() {
  const api = useApiClient();
  return useMutation<UserSession, unknown, LoginBody>({
    mutationFn: (body) => api.login(body),
  });
}
