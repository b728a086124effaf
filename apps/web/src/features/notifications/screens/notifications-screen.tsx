import { Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { useNavigate, useSearchParams } from 'react-router';
import { NOTIFICATION_PAGE_SIZE, type Notification } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { chooseCustomer } from '../../../shared/session/session-store';
import { useSession } from '../../../shared/session/use-session';
import { useDownloadAttachment, useMarkRead, useNotificationPage } from '../api/notifications-api';
import { useNotificationData } from '../api/notification-data';
import { NotificationItem } from '../components/notification-item';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState, LoadFailed, Loading } from '../../../shared/ui/load-states';

const PAGE_PARAM = 'page';

function pageOf(search: URLSearchParams): number {
  const page = Number(search.get(PAGE_PARAM) ?? '1');
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

/**
 * notificaties / notifications (spec section 2): the user's notifications a page at a time,
 * newest first; mark one or all read, open the click or position, download the attachment.
 */
export function NotificationsScreen() {
  const t = useT();
  const navigate = useNavigate();
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search);
  const list = useNotificationPage(page);
  const markRead = useMarkRead();
  const download = useDownloadAttachment();
  const unread = useNotificationData();
  const mayMarkRead = !session?.impersonatedBy;

  function mark(id: number | null) {
    markRead.mutate(id, {
      onError: () => toasts.show({ color: 'red', message: t('notifications.markFailed') }),
    });
  }

  function open(notification: Notification) {
    const customer = session?.allowedCustomers.find((c) => c.id === notification.customerId);
    if (customer) chooseCustomer(customer);
    const contractId = encodeURIComponent(notification.contractId ?? '');
    void navigate(
      notification.clickId !== null
        ? `/clickoverview?contractId=${contractId}`
        : `/startpurchase/${contractId}`,
    );
  }

  function canOpen(notification: Notification): boolean {
    if (notification.contractId === null || !session || session.role === 'admin') return false;
    return session.allowedCustomers.some((c) => c.id === notification.customerId);
  }

  let body;
  if (list.isPending) {
    body = <Loading text={t('notifications.loading')} />;
  } else if (list.isError) {
    body = (
      <LoadFailed
        text={t('notifications.loadFailed')}
        onRetry={() => void list.refetch()}
        testId="notifications-error"
      />
    );
  } else if (list.data.total === 0) {
    body = (
      <EmptyState
        text={t('notifications.empty')}
        steps={[{ to: PATHS.myInfo, label: t('notifications.empty.settings') }]}
        testId="notifications-empty"
      />
    );
  } else {
    const pages = Math.ceil(list.data.total / NOTIFICATION_PAGE_SIZE);
    body = (
      <Stack gap="sm">
        <Stack
          gap="xs"
          component="section"
          aria-label={t('notifications.title')}
          data-testid="notification-list"
        >
          {list.data.data.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              mayMarkRead={mayMarkRead}
              busy={markRead.isPending}
              onMarkRead={(n) => mark(n.id)}
              onOpen={canOpen(notification) ? open : null}
              onDownload={(n) =>
                download.mutate(n, {
                  onError: () =>
                    toasts.show({ color: 'red', message: t('notifications.downloadFailed') }),
                })
              }
            />
          ))}
        </Stack>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page + 1}
            onChange={(next) => setSearch(next === 1 ? {} : { [PAGE_PARAM]: String(next) })}
            getControlProps={(control) => ({
              'aria-label': t(`notifications.page.${control}`),
            })}
            getItemProps={(item) => ({
              'aria-label': t('notifications.page.number', { page: item }),
            })}
            data-testid="notifications-pages"
          />
        )}
      </Stack>
    );
  }

  const anyUnread = (unread?.unread ?? 0) > 0 || (list.data?.data.some((n) => !n.read) ?? false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('notifications.title')}</Title>
        {mayMarkRead && (
          <Button
            variant="default"
            onClick={() => mark(null)}
            disabled={!anyUnread || markRead.isPending}
            data-testid="notifications-mark-all"
          >
            {t('notifications.markAllRead')}
          </Button>
        )}
      </Group>
      {!mayMarkRead && <Text size="sm">{t('notifications.impersonating')}</Text>}
      {body}
    </Stack>
  );
}
