import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { WebhookEndpointView } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { EVENT_TEXTS } from '../derive/event-texts';
import { useQueueDelivery } from '../api/webhooks-api';
import { DeliveryLog } from './delivery-log';
import { useToasts } from './use-toasts';

export interface EndpointActions {
  onEdit: (endpoint: WebhookEndpointView) => void;
  onRotate: (endpoint: WebhookEndpointView) => void;
  onDelete: (endpoint: WebhookEndpointView) => void;
}

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpointView }) {
  const t = useT();
  const locale = useLocale();
  const testId = `webhook-status-${endpoint.id}`;
  if (endpoint.enabled) {
    return (
      <StatusBadge tone="success" testId={testId}>
        {t('integrations.webhooks.enabled')}
      </StatusBadge>
    );
  }
  const failing = endpoint.disabledReason === 'FAILING';
  return (
    <Group gap="xs">
      <StatusBadge tone={failing ? 'danger' : 'neutral'} testId={testId}>
        {t('integrations.webhooks.disabled')}
      </StatusBadge>
      <Text size="sm" data-testid={`webhook-disabled-reason-${endpoint.id}`}>
        {t(
          failing
            ? 'integrations.webhooks.disabledFailing'
            : 'integrations.webhooks.disabledByUser',
          { at: endpoint.disabledAt ? formatDateTime(endpoint.disabledAt, locale) : '–' },
        )}
      </Text>
    </Group>
  );
}

/** One endpoint: where it sends, what, whether it receives, its actions and its delivery log. */
export function WebhookEndpointCard({
  customerId,
  endpoint,
  actions,
}: {
  customerId: number;
  endpoint: WebhookEndpointView;
  actions: EndpointActions;
}) {
  const t = useT();
  const locale = useLocale();
  const toast = useToasts();
  const test = useQueueDelivery(customerId, endpoint.id);
  const [logOpen, setLogOpen] = useState(false);
  const name = endpoint.description || endpoint.url;
  const logId = `webhook-log-${endpoint.id}`;
  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={`webhook-${endpoint.id}-title`}
      data-testid={`webhook-${endpoint.id}`}
    >
      <Stack gap="xs">
        <Title
          order={3}
          size="h5"
          id={`webhook-${endpoint.id}-title`}
          style={{ wordBreak: 'break-all' }}
        >
          {endpoint.url}
        </Title>
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        <EndpointStatus endpoint={endpoint} />
        <Text size="sm">
          {t('integrations.webhooks.events', {
            events: endpoint.eventTypes.map((type) => t(EVENT_TEXTS[type])).join(', '),
          })}
        </Text>
        <Text size="xs">
          {t('integrations.webhooks.createdAt', { at: formatDateTime(endpoint.createdAt, locale) })}
        </Text>
        {endpoint.previousSecretValidUntil && (
          <Text size="sm" data-testid={`webhook-previous-secret-${endpoint.id}`}>
            {t('integrations.webhooks.previousSecretValid', {
              until: formatDateTime(endpoint.previousSecretValidUntil, locale),
            })}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            aria-label={t('integrations.webhooks.editLabel', { name })}
            onClick={() => actions.onEdit(endpoint)}
            data-testid={`webhook-edit-${endpoint.id}`}
          >
            {t('integrations.webhooks.edit')}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={t('integrations.webhooks.testLabel', { name })}
            loading={test.isPending}
            onClick={() =>
              test.mutate(null, {
                onSuccess: () => toast.done(t('integrations.webhooks.testQueued')),
                onError: toast.failed,
              })
            }
            data-testid={`webhook-test-${endpoint.id}`}
          >
            {t('integrations.webhooks.test')}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={t('integrations.webhooks.rotateLabel', { name })}
            onClick={() => actions.onRotate(endpoint)}
            data-testid={`webhook-rotate-${endpoint.id}`}
          >
            {t('integrations.webhooks.rotate')}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-expanded={logOpen}
            aria-controls={logOpen ? logId : undefined}
            aria-label={t(
              logOpen ? 'integrations.webhooks.hideLogLabel' : 'integrations.webhooks.showLogLabel',
              { name },
            )}
            onClick={() => setLogOpen((open) => !open)}
            data-testid={`webhook-log-toggle-${endpoint.id}`}
          >
            {logOpen ? t('integrations.webhooks.hideLog') : t('integrations.webhooks.showLog')}
          </Button>
          <Button
            size="xs"
            color="red.9"
            variant="outline"
            aria-label={t('integrations.webhooks.deleteLabel', { name })}
            onClick={() => actions.onDelete(endpoint)}
            data-testid={`webhook-delete-${endpoint.id}`}
          >
            {t('integrations.webhooks.delete')}
          </Button>
        </Group>
        {logOpen && (
          <div id={logId}>
            <DeliveryLog customerId={customerId} endpointId={endpoint.id} />
          </div>
        )}
      </Stack>
    </Card>
  );
}
