import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PATHS,
  AnnouncementPageSchema,
  AnnouncementSchema,
  CustomerListSchema,
  type PublishAnnouncementBody,
  NOTIFICATION_PATHS,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

const keys = {
  list: ['announcements', 'list'] as const,
  customers: (q: string) => ['announcements', 'customers', q] as const,
};

export function useAnnouncements() {
  const api = useApiClient();
  return useQuery({
    queryKey: keys.list,
    queryFn: () =>
      api.call('GET', `${NOTIFICATION_PATHS.announcements}?size=20`, AnnouncementPageSchema),
  });
}

export function usePublishAnnouncement() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishAnnouncementBody) =>
      api.call('POST', NOTIFICATION_PATHS.announcements, AnnouncementSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list }),
  });
}

/** Customers whose name holds q, searched on the server (there may be thousands). */
export function useCustomerMatches(q: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: keys.customers(q),
    queryFn: async () => {
      const query = new URLSearchParams({ q, sort: 'name', size: '10' });
      const page = await api.call('GET', `${ADMIN_PATHS.customers}?${query}`, CustomerListSchema);
      return page.data.map(({ id, name }) => ({ id, name }));
    },
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/** A file's bytes in base64, as the announcement's JSON body carries them. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  }
  return btoa(binary);
}
