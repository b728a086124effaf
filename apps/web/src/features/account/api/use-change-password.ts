import { useMutation } from '@tanstack/react-query';
import { type ChangePasswordBody, AUTH_PATHS } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

/** The signed-in user replaces their password; their other sessions end, this one stays. */
export function useChangePassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.send('POST', AUTH_PATHS.changePassword, body),
  });
}
