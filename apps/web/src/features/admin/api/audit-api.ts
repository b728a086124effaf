import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, AuditIntegritySchema, AuditPageSchema } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

/**
 * One page of the audit log. `query` is the screen's query string as the address bar holds it
 * (each field checked against AuditQuerySchema), so the server filters, sorts and pages.
 */
export function useAuditPage(query: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: () =>
      api.call('GET', `${ADMIN_PATHS.audit}${query === '' ? '' : `?${query}`}`, AuditPageSchema),
    // The page stays readable while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * The integrity of the audit trail (both hash chains, every stream). It reads every entry, so it
 * runs when asked (`enabled`), not on every visit; asking again checks again.
 */
export function useAuditIntegrity(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['admin', 'audit', 'integrity'],
    queryFn: () => api.call('GET', ADMIN_PATHS.auditIntegrity, AuditIntegritySchema),
    enabled,
    staleTime: Infinity,
  });
}
