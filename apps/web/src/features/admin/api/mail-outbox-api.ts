import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MailOutboxPageSchema, MAIL_PATHS } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

/**
 * One page of the notification e-mails. `query` is the screen's query string as the address bar
 * holds it (each field checked against MailOutboxQuerySchema), so the server filters and pages.
 */
export function useMailOutboxPage(query: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['admin', 'mailOutbox', query],
    queryFn: () =>
      api.call(
        'GET',
        `${MAIL_PATHS.outbox}${query === '' ? '' : `?${query}`}`,
        MailOutboxPageSchema,
      ),
    // The page stays readable while the next one loads.
    placeholderData: keepPreviousData,
  });
}
