import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, AuditPageSchema } from '@klik/api';
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
