import { useState } from 'react';
import { Code, Stack, Text } from '@mantine/core';
import type { ApiClientView, ApiClientWithSecret } from '@klik/api';
import { amsterdamDate } from '@klik/domain';
import { failureMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { serverNow } from '../../../shared/time/server-clock';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import { useApiClients, useRevokeApiClient, useRotateApiClient } from '../api/api-clients-api';
import { ApiClientForm } from './api-client-form';
import { ApiClientTable } from './api-client-table';
import { IntegrationsEmpty } from './integrations-empty';
import { SecretModal } from './secret-modal';
import { SectionFrame } from './section-frame';
import { useToasts } from './use-toasts';

type Pending = { kind: 'rotate' | 'revoke'; client: ApiClientView } | null;

/** The customer's API clients: list, create, rotate, revoke; a new secret is shown once. */
export function ApiClientsSection({ customerId }: { customerId: number }) {
  const t = useT();
  const clients = useApiClients(customerId);
  const rotate = useRotateApiClient(customerId);
  const revoke = useRevokeApiClient(customerId);
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  // Only here, only until the dialog closes: the server never answers it again.
  const [shown, setShown] = useState<ApiClientWithSecret | null>(null);

  const toast = useToasts();

  const confirm = () => {
    if (!pending) return;
    const { kind, client } = pending;
    const done = { onSettled: () => setPending(null), onError: toast.failed };
    if (kind === 'rotate') rotate.mutate(client.id, { ...done, onSuccess: setShown });
    else {
      revoke.mutate(client.id, {
        ...done,
        onSuccess: () => toast.done(t('integrations.clients.revoked', { name: client.name })),
      });
    }
  };

  let body;
  if (creating) {
    body = (
      <ApiClientForm
        customerId={customerId}
        today={amsterdamDate(new Date(serverNow()))}
        onCreated={(client) => {
          setCreating(false);
          setShown(client);
        }}
        onCancel={() => setCreating(false)}
      />
    );
  } else if (clients.isPending) {
    body = <Loading text={t('integrations.clients.loading')} />;
  } else if (clients.isError) {
    body = (
      <LoadFailed
        text={t('integrations.clients.loadFailed', {
          reason: t(failureMessageKey(clients.error)),
        })}
        onRetry={() => void clients.refetch()}
        testId="api-clients-error"
      />
    );
  } else if (clients.data.data.length === 0) {
    body = <IntegrationsEmpty text={t('integrations.clients.empty')} testId="api-clients-empty" />;
  } else {
    body = (
      <ApiClientTable
        clients={clients.data.data}
        onRotate={(client) => setPending({ kind: 'rotate', client })}
        onRevoke={(client) => setPending({ kind: 'revoke', client })}
      />
    );
  }

  const revoking = pending?.kind === 'revoke';
  return (
    <SectionFrame
      title={t('integrations.clients.title')}
      intro={t('integrations.clients.intro')}
      testId="api-clients"
      newLabel={t('integrations.clients.new')}
      onNew={creating ? null : () => setCreating(true)}
      confirmation={
        pending && {
          title: t(
            revoking ? 'integrations.clients.revokeTitle' : 'integrations.clients.rotateTitle',
          ),
          body: t(
            revoking ? 'integrations.clients.revokeBody' : 'integrations.clients.rotateBody',
            {
              name: pending.client.name,
            },
          ),
          confirmLabel: t(revoking ? 'integrations.clients.revoke' : 'integrations.clients.rotate'),
          destructive: revoking,
        }
      }
      confirming={rotate.isPending || revoke.isPending}
      onConfirm={confirm}
      onCancel={() => setPending(null)}
    >
      {body}
      <SecretModal
        title={t('integrations.clients.secretTitle', { name: shown?.name ?? '' })}
        label={t('integrations.clients.secretLabel')}
        secret={shown?.clientSecret ?? null}
        onClose={() => setShown(null)}
        testId="api-client-secret"
      >
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('integrations.clients.col.clientId')}
          </Text>
          <Code block>{shown?.clientId}</Code>
        </Stack>
      </SecretModal>
    </SectionFrame>
  );
}
