import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_PATHS, AccountSchema, TotpEnrolmentSchema, type Account } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { sessionValue } from '../../../shared/session/session-store';

/** The authenticator app's steps (docs/account.md); turning on and off answer the account. */
export function useAuthenticatorApp() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const onSuccess = (account: Account) => {
    queryClient.setQueryData(['account'], account);
    // An administrator who had to set the app up may use the whole portal now.
    const session = sessionValue.get();
    if (account.totp === 'on' && session?.secondFactorSetupRequired) {
      sessionValue.set({ ...session, secondFactorSetupRequired: false });
    }
  };
  return {
    start: useMutation({
      mutationFn: () => api.call('POST', ACCOUNT_PATHS.totp, TotpEnrolmentSchema),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
    }),
    confirm: useMutation({
      mutationFn: (code: string) =>
        api.call('POST', ACCOUNT_PATHS.totpVerification, AccountSchema, { code }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (code: string) => api.call('DELETE', ACCOUNT_PATHS.totp, AccountSchema, { code }),
      onSuccess,
    }),
  };
}
