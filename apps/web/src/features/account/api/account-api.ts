import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_PATHS, AccountSchema, OwnSessionsSchema, type Account, pathTo } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

const ACCOUNT_KEY = ['account'] as const;
const SESSIONS_KEY = ['account', 'sessions'] as const;

export function useAccount() {
  const api = useApiClient();
  return useQuery({
    queryKey: ACCOUNT_KEY,
    queryFn: () => api.call('GET', ACCOUNT_PATHS.account, AccountSchema),
  });
}

export function useOwnSessions() {
  const api = useApiClient();
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api.call('GET', ACCOUNT_PATHS.sessions, OwnSessionsSchema),
    // A session elsewhere can begin or end at any time; the list follows within a minute.
    refetchInterval: 60_000,
  });
}

/** Ends one of the user's own sessions: that browser is signed out at once. */
export function useEndOwnSession() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      api.send('DELETE', pathTo(ACCOUNT_PATHS.session, { sessionId })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** The mobile number's steps; each answers the account as it is afterwards. */
export function useMobileNumber() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const onSuccess = (account: Account) => queryClient.setQueryData(ACCOUNT_KEY, account);
  return {
    request: useMutation({
      mutationFn: (mobile: string) =>
        api.call('PUT', ACCOUNT_PATHS.mobile, AccountSchema, { mobile }),
      onSuccess,
    }),
    verify: useMutation({
      mutationFn: (code: string) =>
        api.call('POST', ACCOUNT_PATHS.mobileVerification, AccountSchema, { code }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => api.call('DELETE', ACCOUNT_PATHS.mobile, AccountSchema),
      onSuccess,
    }),
  };
}
