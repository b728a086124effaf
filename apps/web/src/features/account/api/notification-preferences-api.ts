import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_PATHS,
  NotificationPreferencesSchema,
  type NotificationPreferencesBody,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

const PREFERENCES_KEY = ['account', 'notificationPreferences'] as const;

/** Per notification kind: in the portal only, or by e-mail as well. */
export function useNotificationPreferences() {
  const api = useApiClient();
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: () =>
      api.call('GET', ACCOUNT_PATHS.notificationPreferences, NotificationPreferencesSchema),
  });
}

/** Saves the kinds given; answers every kind's channel as stored afterwards. */
export function useSaveNotificationPreferences() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      api.call('PUT', ACCOUNT_PATHS.notificationPreferences, NotificationPreferencesSchema, body),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
