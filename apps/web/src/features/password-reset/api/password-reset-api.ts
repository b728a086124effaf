import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ForgotPasswordResultSchema,
  PASSWORD_RESET_PATHS,
  ResetLinkSchema,
  type ForgotPasswordBody,
  type ResetPasswordWithTokenBody,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

/** Asks for a reset link; the server answers the same whether or not the account exists. */
export function useForgotPassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      api.call('POST', PASSWORD_RESET_PATHS.forgotPassword, ForgotPasswordResultSchema, body),
  });
}

/** Whether the link still works (410 RESET_LINK_INVALID if not); asked once, never retried. */
export function useResetLink(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['password-reset', 'link', token],
    queryFn: () =>
      api.call(
        'GET',
        `${PASSWORD_RESET_PATHS.resetPasswordCheck}?${new URLSearchParams({ token }).toString()}`,
        ResetLinkSchema,
      ),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useResetPassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: ResetPasswordWithTokenBody) =>
      api.send('POST', PASSWORD_RESET_PATHS.resetPassword, body),
  });
}
