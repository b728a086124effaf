import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ENVIRONMENT_QUERY_KEY } from '../shared/env/load-env';
import { readSession, sessionValue } from '../shared/session/session-store';

/**
 * Cached server data belongs to the session that fetched it: when the token changes (logout,
 * login, login-as, a session ended by the server) everything but the environment is dropped.
 */
export function useForgetDataOfEndedSessions(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let token = readSession()?.token ?? null;
    return sessionValue.subscribe(() => {
      const next = readSession()?.token ?? null;
      if (next === token) return;
      token = next;
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== ENVIRONMENT_QUERY_KEY[0],
      });
    });
  }, [queryClient]);
}
