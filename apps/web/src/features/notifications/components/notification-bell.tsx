import { ActionIcon, Indicator, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { useRealtimeEvents, useRealtimeOpened } from '../../../shared/websocket/realtime-context';
import { setUnreadFromEvent, useNotificationData } from '../api/notification-data';
import { notificationQueryKeys, useUnreadCount } from '../api/notifications-api';
import { NOTIFICATIONS_PATHS_WEB } from '../notifications-paths';

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/**
 * The header's bell: the unread count, kept in notificationData and set by the server's
 * notificationUpdate the moment a notification arrives or is read (in any of the user's tabs).
 */
export function NotificationBell() {
  const t = useT();
  const session = useSession();
  const queryClient = useQueryClient();
  const token = session?.token ?? null;
  const count = useUnreadCount(token);
  const unread = useNotificationData()?.unread ?? count.data ?? 0;

  useRealtimeEvents((event) => {
    if (event.name !== 'notificationUpdate') return;
    setUnreadFromEvent(event.payload.unread);
    void queryClient.invalidateQueries({ queryKey: notificationQueryKeys.pages });
  });
  // Updates sent while the socket was away were not heard: ask again.
  useRealtimeOpened(() => void count.refetch());

  return (
    <>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        disabled={unread === 0}
        size={16}
        offset={4}
        color="red.9"
      >
        <ActionIcon
          component={Link}
          to={NOTIFICATIONS_PATHS_WEB.notifications}
          variant="subtle"
          size="lg"
          aria-label={t('notifications.bell', { count: unread })}
          data-testid="notification-bell"
          data-unread={unread}
        >
          <BellIcon />
        </ActionIcon>
      </Indicator>
      <VisuallyHidden aria-live="polite" data-testid="notification-bell-live">
        {t('notifications.bellLive', { count: unread })}
      </VisuallyHidden>
    </>
  );
}
