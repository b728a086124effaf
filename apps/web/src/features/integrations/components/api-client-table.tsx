import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ApiClientStatus, ApiClientView } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { StatusBadge, type StatusTone } from '../../../shared/ui/status-badge';
import { TableRegion } from '../../../shared/ui/table-region';

const STATUS_TONE: Record<ApiClientStatus, StatusTone> = {
  active: 'success',
  expired: 'warning',
  revoked: 'neutral',
};

/** The customer's API clients; only an active one can be rotated or revoked. */
export function ApiClientTable({
  clients,
  onRotate,
  onRevoke,
}: {
  clients: readonly ApiClientView[];
  onRotate: (client: ApiClientView) => void;
  onRevoke: (client: ApiClientView) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const at = (iso: string | null, none: string) => (iso ? formatDateTime(iso, locale) : none);
  return (
    <TableRegion
      id="api-clients"
      caption={t('integrations.clients.caption')}
      minWidth={1000}
      testId="api-client-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('integrations.clients.col.name')}</Table.Th>
          <Table.Th scope="col">{t('integrations.clients.col.clientId')}</Table.Th>
          <Table.Th scope="col">{t('integrations.clients.col.scopes')}</Table.Th>
          <Table.Th scope="col">{t('integrations.clients.col.ipAllowList')}</Table.Th>
          <Table.Th scope="col">{t('integrations.clients.col.expiresAt')}</Table.Th>
          <Table.Th scope="col">{t('integrations.clients.col.created')}</Table.Th>
          <Table.Th scope="col">{t('integrations.clients.col.lastUsed')}</Table.Th>
          <Table.Th scope="col">{t('integrations.clients.col.status')}</Table.Th>
          <Table.Th scope="col">{t('integrations.col.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {clients.map((client) => (
          <Table.Tr key={client.id} data-testid={`api-client-${client.id}`}>
            <Table.Th scope="row">{client.name}</Table.Th>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {client.clientId}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                {client.scopes.map((scope) => (
                  <Text key={scope} size="sm" ff="monospace">
                    {scope}
                  </Text>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td>
              {client.ipAllowList.length === 0
                ? t('integrations.clients.anyAddress')
                : client.ipAllowList.join(', ')}
            </Table.Td>
            <Table.Td>{at(client.expiresAt, t('integrations.clients.noExpiry'))}</Table.Td>
            <Table.Td>
              {t('integrations.clients.createdByAt', {
                by: client.createdBy ?? '–',
                at: formatDateTime(client.createdAt, locale),
              })}
            </Table.Td>
            <Table.Td>{at(client.lastUsedAt, t('integrations.clients.neverUsed'))}</Table.Td>
            <Table.Td>
              <StatusBadge
                tone={STATUS_TONE[client.status]}
                testId={`api-client-status-${client.id}`}
              >
                {t(`integrations.clients.status.${client.status}`)}
              </StatusBadge>
            </Table.Td>
            <Table.Td>
              {client.status === 'active' && (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('integrations.clients.rotateLabel', { name: client.name })}
                    onClick={() => onRotate(client)}
                    data-testid={`api-client-rotate-${client.id}`}
                  >
                    {t('integrations.clients.rotate')}
                  </Button>
                  <Button
                    size="xs"
                    color="red.9"
                    variant="outline"
                    aria-label={t('integrations.clients.revokeLabel', { name: client.name })}
                    onClick={() => onRevoke(client)}
                    data-testid={`api-client-revoke-${client.id}`}
                  >
                    {t('integrations.clients.revoke')}
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
