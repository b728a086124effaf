import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { DeliveryChannel, NotificationKind } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences-api';
import { LoadFailed } from '../../../shared/ui/load-states';

type Group = 'clicks' | 'market' | 'plan' | 'messages';

// Grouped as a user thinks of them: their clicks, the market's state, their plan, messages.
const GROUPS: readonly { group: Group; kinds: readonly NotificationKind[] }[] = [
  {
    group: 'clicks',
    kinds: [
      'CLICK_CREATED',
      'CLICK_PENDING_APPROVAL',
      'CLICK_APPROVED',
      'CLICK_REJECTED',
      'CLICK_COMPLETED',
      'CLICK_EXPIRED',
    ],
  },
  { group: 'market', kinds: ['TRADING_PAUSED', 'TRADING_RESUMED', 'DEADLINE_APPROACHING'] },
  {
    group: 'plan',
    kinds: [
      'PRICE_ALERT',
      'BUDGET_BANDWIDTH',
      'HEDGE_BEHIND',
      'STANDING_ORDER_EXECUTED',
      'STANDING_ORDER_LAPSED',
    ],
  },
  { group: 'messages', kinds: ['TERMS_PUBLISHED', 'ANNOUNCEMENT', 'WEBHOOK_DISABLED'] },
];

const GROUP_LABEL: Record<Group, MessageKey> = {
  clicks: 'myInfo.notifications.group.clicks',
  market: 'myInfo.notifications.group.market',
  plan: 'myInfo.notifications.group.plan',
  messages: 'myInfo.notifications.group.messages',
};

const KIND_LABEL: Record<NotificationKind, MessageKey> = {
  CLICK_CREATED: 'myInfo.notifications.kind.CLICK_CREATED',
  CLICK_PENDING_APPROVAL: 'myInfo.notifications.kind.CLICK_PENDING_APPROVAL',
  CLICK_APPROVED: 'myInfo.notifications.kind.CLICK_APPROVED',
  CLICK_REJECTED: 'myInfo.notifications.kind.CLICK_REJECTED',
  CLICK_COMPLETED: 'myInfo.notifications.kind.CLICK_COMPLETED',
  CLICK_EXPIRED: 'myInfo.notifications.kind.CLICK_EXPIRED',
  TRADING_PAUSED: 'myInfo.notifications.kind.TRADING_PAUSED',
  TRADING_RESUMED: 'myInfo.notifications.kind.TRADING_RESUMED',
  DEADLINE_APPROACHING: 'myInfo.notifications.kind.DEADLINE_APPROACHING',
  PRICE_ALERT: 'myInfo.notifications.kind.PRICE_ALERT',
  BUDGET_BANDWIDTH: 'myInfo.notifications.kind.BUDGET_BANDWIDTH',
  HEDGE_BEHIND: 'myInfo.notifications.kind.HEDGE_BEHIND',
  STANDING_ORDER_EXECUTED: 'myInfo.notifications.kind.STANDING_ORDER_EXECUTED',
  STANDING_ORDER_LAPSED: 'myInfo.notifications.kind.STANDING_ORDER_LAPSED',
  TERMS_PUBLISHED: 'myInfo.notifications.kind.TERMS_PUBLISHED',
  ANNOUNCEMENT: 'myInfo.notifications.kind.ANNOUNCEMENT',
  WEBHOOK_DISABLED: 'myInfo.notifications.kind.WEBHOOK_DISABLED',
};

/** myinfo: which notifications also come by e-mail; every notification is in the portal. */
export function NotificationPreferencesPanel({ hasEmail }: { hasEmail: boolean }) {
  const t = useT();
  const stored = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // The user's unsaved choices, over what is stored.
  const [edits, setEdits] = useState<Partial<Record<NotificationKind, DeliveryChannel>>>({});
  const [saved, setSaved] = useState(false);

  const channelOf = (kind: NotificationKind): DeliveryChannel | undefined =>
    edits[kind] ?? stored.data?.preferences[kind];

  function choose(kind: NotificationKind, email: boolean) {
    setSaved(false);
    setEdits((current) => ({ ...current, [kind]: email ? 'email' : 'portal' }));
  }

  function submit() {
    setSaved(false);
    save.mutate(
      { preferences: edits },
      {
        onSuccess: () => {
          setEdits({});
          setSaved(true);
        },
      },
    );
  }

  return (
    <Stack component="section" aria-labelledby="notification-preferences-title" gap="sm">
      <Title order={2} size="h4" id="notification-preferences-title">
        {t('myInfo.notifications.title')}
      </Title>
      <Text size="sm">{t('myInfo.notifications.intro')}</Text>
      {!hasEmail && (
        <Alert color="orange" data-testid="notification-preferences-no-email">
          {t('myInfo.notifications.noEmail')}
        </Alert>
      )}
      {stored.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('myInfo.notifications.loading')}</Text>
        </Group>
      )}
      {stored.isError && (
        <LoadFailed
          text={t('myInfo.notifications.loadFailed')}
          onRetry={() => void stored.refetch()}
        />
      )}
      {stored.data && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            {GROUPS.map(({ group, kinds }) => (
              <Stack component="fieldset" key={group} gap="xs" m={0} p="sm">
                <Text component="legend" fw={600} size="sm">
                  {t(GROUP_LABEL[group])}
                </Text>
                {kinds.map((kind) => (
                  <Checkbox
                    key={kind}
                    data-testid={`notification-preference-${kind}`}
                    label={t(KIND_LABEL[kind])}
                    checked={channelOf(kind) === 'email'}
                    onChange={(event) => choose(kind, event.currentTarget.checked)}
                  />
                ))}
              </Stack>
            ))}
            {saved && (
              <Alert color="green" role="status" data-testid="notification-preferences-saved">
                {t('myInfo.notifications.saved')}
              </Alert>
            )}
            {save.isError && (
              <Alert color="red" role="alert">
                {t('myInfo.notifications.saveFailed')}
              </Alert>
            )}
            <Group>
              <Button
                type="submit"
                loading={save.isPending}
                disabled={Object.keys(edits).length === 0}
              >
                {t('myInfo.notifications.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
