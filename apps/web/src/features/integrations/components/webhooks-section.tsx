import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { WebhookEndpointView, WebhookEndpointWithSecret } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { failureMessageKey } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useWebhookEndpoints,
} from '../api/webhooks-api';
import { IntegrationsEmpty } from './integrations-empty';
import { SecretModal } from './secret-modal';
import { SectionFrame } from './section-frame';
import { useToasts } from './use-toasts';
import { WebhookEndpointCard } from './webhook-endpoint-card';
import { WebhookForm } from './webhook-form';

type Editing = { kind: 'new' } | { kind: 'edit'; endpoint: WebhookEndpointView } | null;
type Pending = { kind: 'rotate' | 'delete'; endpoint: WebhookEndpointView } | null;

/** The customer's webhook endpoints: register, change, delete, rotate, test, delivery logs. */
export function WebhooksSection({ customerId }: { customerId: number }) {
  const t = useT();
  const locale = useLocale();
  const toast = useToasts();
  const endpoints = useWebhookEndpoints(customerId);
  const rotate = useRotateWebhookSecret(customerId);
  const remove = useDeleteWebhookEndpoint(customerId);
  const [editing, setEditing] = useState<Editing>(null);
  const [pending, setPending] = useState<Pending>(null);
  // Only here, only until the dialog closes: the server never answers it again.
  const [shown, setShown] = useState<{
    endpoint: WebhookEndpointWithSecret;
    rotated: boolean;
  } | null>(null);

  const confirm = () => {
    if (!pending) return;
    const { kind, endpoint } = pending;
    const done = { onSettled: () => setPending(null), onError: toast.failed };
    if (kind === 'rotate') {
      rotate.mutate(endpoint.id, {
        ...done,
        onSuccess: (rotated) => setShown({ endpoint: rotated, rotated: true }),
      });
    } else {
      remove.mutate(endpoint.id, {
        ...done,
        onSuccess: () => toast.done(t('integrations.webhooks.deleted', { url: endpoint.url })),
      });
    }
  };

  let body;
  if (editing) {
    body = (
      <WebhookForm
        key={editing.kind === 'edit' ? editing.endpoint.id : 'new'}
        customerId={customerId}
        endpoint={editing.kind === 'edit' ? editing.endpoint : null}
        onCreated={(created) => {
          setEditing(null);
          setShown({ endpoint: created, rotated: false });
        }}
        onSaved={() => {
          setEditing(null);
          toast.done(t('integrations.webhooks.saved'));
        }}
        onCancel={() => setEditing(null)}
      />
    );
  } else if (endpoints.isPending) {
    body = <Loading text={t('integrations.webhooks.loading')} />;
  } else if (endpoints.isError) {
    body = (
      <LoadFailed
        text={t('integrations.webhooks.loadFailed', {
          reason: t(failureMessageKey(endpoints.error)),
        })}
        onRetry={() => void endpoints.refetch()}
        testId="webhooks-error"
      />
    );
  } else if (endpoints.data.data.length === 0) {
    body = <IntegrationsEmpty text={t('integrations.webhooks.empty')} testId="webhooks-empty" />;
  } else {
    body = (
      <Stack gap="sm">
        {endpoints.data.data.map((endpoint) => (
          <WebhookEndpointCard
            key={endpoint.id}
            customerId={customerId}
            endpoint={endpoint}
            actions={{
              onEdit: (chosen) => setEditing({ kind: 'edit', endpoint: chosen }),
              onRotate: (chosen) => setPending({ kind: 'rotate', endpoint: chosen }),
              onDelete: (chosen) => setPending({ kind: 'delete', endpoint: chosen }),
            }}
          />
        ))}
      </Stack>
    );
  }

  const until = shown?.endpoint.previousSecretValidUntil;
  const deleting = pending?.kind === 'delete';
  return (
    <SectionFrame
      title={t('integrations.webhooks.title')}
      intro={t('integrations.webhooks.intro')}
      testId="webhooks"
      newLabel={t('integrations.webhooks.new')}
      onNew={editing ? null : () => setEditing({ kind: 'new' })}
      confirmation={
        pending && {
          title: t(
            deleting ? 'integrations.webhooks.deleteTitle' : 'integrations.webhooks.rotateTitle',
          ),
          body: t(
            deleting ? 'integrations.webhooks.deleteBody' : 'integrations.webhooks.rotateBody',
            {
              url: pending.endpoint.url,
            },
          ),
          confirmLabel: t(
            deleting ? 'integrations.webhooks.delete' : 'integrations.webhooks.rotate',
          ),
          destructive: deleting,
        }
      }
      confirming={rotate.isPending || remove.isPending}
      onConfirm={confirm}
      onCancel={() => setPending(null)}
    >
      {body}
      <SecretModal
        title={t('integrations.webhooks.secretTitle', { url: shown?.endpoint.url ?? '' })}
        label={t('integrations.webhooks.secretLabel')}
        secret={shown?.endpoint.secret ?? null}
        onClose={() => setShown(null)}
        testId="webhook-secret"
      >
        {shown?.rotated && until && (
          <Text size="sm" data-testid="webhook-secret-overlap">
            {t('integrations.webhooks.rotatedOverlap', { until: formatDateTime(until, locale) })}
          </Text>
        )}
      </SecretModal>
    </SectionFrame>
  );
}
