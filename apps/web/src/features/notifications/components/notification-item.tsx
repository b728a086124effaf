import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Notification } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { notificationText } from '../derive/notification-text';

export interface NotificationItemProps {
  notification: Notification;
  /** Someone signed in as the user reads, but does not mark read for them. */
  mayMarkRead: boolean;
  busy: boolean;
  onMarkRead: (notification: Notification) => void;
  onOpen: ((notification: Notification) => void) | null;
  onDownload: (notification: Notification) => void;
}

/** One notification: unread ones stand out (bold, a "new" badge, a coloured edge). */
export function NotificationItem({
  notification,
  mayMarkRead,
  busy,
  onMarkRead,
  onOpen,
  onDownload,
}: NotificationItemProps) {
  const t = useT();
  const locale = useLocale();
  const text = notificationText(notification, t, locale);
  const unread = !notification.read;
  const headingId = `notification-${notification.id}-title`;
  return (
    <Paper
      component="article"
      withBorder
      p="sm"
      aria-labelledby={headingId}
      className={unread ? 'klik-notification klik-notification-unread' : 'klik-notification'}
      data-testid={`notification-${notification.id}`}
      data-read={notification.read}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text id={headingId} fw={unread ? 700 : 400} data-testid="notification-title">
            {text.title}
          </Text>
          {unread && (
            <Badge color="blue.9" variant="filled" data-testid="notification-new">
              {t('notifications.unread')}
            </Badge>
          )}
        </Group>
        {text.body && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {text.body}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={notification.publishDate}>
            {formatDateTime(notification.publishDate, locale)}
          </time>
        </Text>
        <Group gap="xs">
          {onOpen && (
            <Button size="xs" variant="default" onClick={() => onOpen(notification)}>
              {t(
                notification.clickId !== null
                  ? 'notifications.openClick'
                  : 'notifications.openPosition',
              )}
            </Button>
          )}
          {notification.hasAttachment && (
            <Button size="xs" variant="default" onClick={() => onDownload(notification)}>
              {t('notifications.download')}
            </Button>
          )}
          {unread && mayMarkRead && (
            <Button
              size="xs"
              variant="subtle"
              disabled={busy}
              onClick={() => onMarkRead(notification)}
              aria-label={t('notifications.markReadOf', { title: text.title })}
              data-testid="notification-mark-read"
            >
              {t('notifications.markRead')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
