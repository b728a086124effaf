import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_PAGE_SIZE,
  NotificationPageSchema,
  UnreadCountSchema,
  type Locale,
  type Notification,
  NOTIFICATION_PATHS,
  pathTo,
} from '@klik/api';
import { downloadFile } from '../../../shared/api/download-file';
import { useNotificationApiClient } from '../../../shared/api/notification-api-context';
import { useEnv } from '../../../shared/env/use-env';
import { useLocale } from '../../../shared/i18n/use-locale';
import { readSession } from '../../../shared/session/session-store';
import { setUnreadFromRequest } from './notification-data';

export const notificationQueryKeys = {
  all: ['notifications'] as const,
  pages: ['notifications', 'page'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
  count: ['notifications', 'count'] as const,
};

/** One page of the signed-in user's notifications, newest first (paged on the server). */
export function useNotificationPage(page: number) {
  const api = useNotificationApiClient();
  return useQuery({
    queryKey: notificationQueryKeys.page(page),
    queryFn: () =>
      api.call(
        'GET',
        `${NOTIFICATION_PATHS.list}?page=${page}&size=${NOTIFICATION_PAGE_SIZE}&sort=-publishDate`,
        NotificationPageSchema,
      ),
    placeholderData: keepPreviousData,
  });
}

/** The unread count from the server, kept in notificationData for the bell. */
export function useUnreadCount(token: string | null) {
  const api = useNotificationApiClient();
  return useQuery({
    queryKey: [...notificationQueryKeys.count, token],
    enabled: token !== null,
    queryFn: () =>
      setUnreadFromRequest(
        async () => (await api.call('GET', NOTIFICATION_PATHS.count, UnreadCountSchema)).data,
      ),
  });
}

/** Marks one notification (or all: null) read; the list and the bell follow. */
export function useMarkRead() {
  const api = useNotificationApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      api.send(
        'PUT',
        id === null ? NOTIFICATION_PATHS.readAll : pathTo(NOTIFICATION_PATHS.read, { id }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all }),
  });
}

/** The language to fetch an attachment in: the user's own when it exists, else what there is. */
export function attachmentLocale(notification: Notification, locale: Locale): Locale | null {
  if (notification.attachmentLocales.includes(locale)) return locale;
  return notification.attachmentLocales[0] ?? null;
}

/** Downloads a notification's attachment, named as the server's content-disposition says. */
export function useDownloadAttachment() {
  const env = useEnv();
  const locale = useLocale();
  return useMutation({
    mutationFn: (notification: Notification) => {
      const language = attachmentLocale(notification, locale) ?? locale;
      const path = pathTo(NOTIFICATION_PATHS.attachment, {
        id: notification.id,
        localeId: language,
      });
      return downloadFile({
        url: `${env.notificationBackendUrl.replace(/\/+$/, '')}${path}`,
        token: readSession()?.token ?? '',
        locale,
        fallbackName: `notification-${notification.id}`,
      });
    },
  });
}
