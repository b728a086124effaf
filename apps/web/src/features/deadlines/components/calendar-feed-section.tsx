import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import type { DeadlineCalendarCreated } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/deadlines-api';

/** The feed's address as the browser reaches it: the server's PUBLIC_URL may differ behind a proxy. */
function feedUrl(created: DeadlineCalendarCreated): string {
  return typeof window === 'undefined' ? created.url : `${window.location.origin}${created.path}`;
}

/**
 * The user's calendar subscription: make it, copy its URL (shown only right after it is made,
 * since the server keeps only a digest), renew it (the old URL stops working) or revoke it.
 */
export function CalendarFeedSection({ mayManage }: { mayManage: boolean }) {
  const t = useT();
  const locale = useLocale();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [created, setCreated] = useState<DeadlineCalendarCreated | null>(null);
  const [confirm, setConfirm] = useState<'renew' | 'revoke' | null>(null);

  function make() {
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setCreated(answer);
        setConfirm(null);
      },
      onError: () => {
        setConfirm(null);
        toasts.show({ color: 'red', message: t('deadlines.calendar.failed') });
      },
    });
  }

  function end() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        setConfirm(null);
        toasts.show({ message: t('deadlines.calendar.revoked') });
      },
      onError: () => {
        setConfirm(null);
        toasts.show({ color: 'red', message: t('deadlines.calendar.failed') });
      },
    });
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toasts.show({ message: t('deadlines.calendar.copied') });
    } catch {
      toasts.show({ color: 'red', message: t('deadlines.calendar.copyFailed') });
    }
  }

  let body;
  if (feed.isPending) {
    body = <Loading text={t('deadlines.calendar.loading')} />;
  } else if (feed.isError) {
    body = (
      <LoadFailed
        text={t('deadlines.calendar.loadFailed')}
        onRetry={() => void feed.refetch()}
        testId="calendar-error"
      />
    );
  } else if (!feed.data.active) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text data-testid="calendar-none">{t('deadlines.calendar.none')}</Text>
        {mayManage && (
          <Button onClick={make} loading={create.isPending} data-testid="calendar-create">
            {t('deadlines.calendar.create')}
          </Button>
        )}
      </Stack>
    );
  } else {
    const url = created ? feedUrl(created) : null;
    body = (
      <Stack gap="xs">
        <Text data-testid="calendar-active">
          {t('deadlines.calendar.active', {
            since: formatDateTime(feed.data.createdAt ?? '', locale),
          })}
        </Text>
        {url ? (
          <>
            <Alert color="blue" data-testid="calendar-new">
              {t('deadlines.calendar.showOnce')}
            </Alert>
            <Group align="flex-end" gap="xs">
              <TextInput
                label={t('deadlines.calendar.url')}
                value={url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="calendar-url"
              />
              <Button variant="default" onClick={() => void copy(url)} data-testid="calendar-copy">
                {t('deadlines.calendar.copy')}
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm">{t('deadlines.calendar.lost')}</Text>
        )}
        {mayManage && (
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => setConfirm('renew')}
              data-testid="calendar-renew"
            >
              {t('deadlines.calendar.renew')}
            </Button>
            <Button
              color="red.9"
              variant="outline"
              onClick={() => setConfirm('revoke')}
              data-testid="calendar-revoke"
            >
              {t('deadlines.calendar.revoke')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack
      gap="xs"
      component="section"
      aria-labelledby="calendar-title"
      data-testid="calendar-feed"
    >
      <Title order={2} id="calendar-title">
        {t('deadlines.calendar.title')}
      </Title>
      <Text size="sm">{t('deadlines.calendar.intro')}</Text>
      {!mayManage && <Text size="sm">{t('deadlines.calendar.notWhileActing')}</Text>}
      {body}
      <ConfirmDialog
        opened={confirm !== null}
        title={t(
          confirm === 'renew' ? 'deadlines.calendar.renewTitle' : 'deadlines.calendar.revokeTitle',
        )}
        body={t(
          confirm === 'renew' ? 'deadlines.calendar.renewBody' : 'deadlines.calendar.revokeBody',
        )}
        confirmLabel={t(
          confirm === 'renew' ? 'deadlines.calendar.renew' : 'deadlines.calendar.revoke',
        )}
        confirmColor={confirm === 'revoke' ? 'red.9' : undefined}
        pending={create.isPending || revoke.isPending}
        onConfirm={confirm === 'renew' ? make : end}
        onCancel={() => setConfirm(null)}
        confirmTestId="calendar-confirm"
      />
    </Stack>
  );
}
