import { useState } from 'react';
import { Button, Group, NativeSelect, Pagination, Stack, Table, Text } from '@mantine/core';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '@klik/api';
import { formatDateTime, formatNumber } from '../../../shared/format/format-numbers';
import { failureMessageKey } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { TableRegion } from '../../../shared/ui/table-region';
import { useQueueDelivery, useWebhookDeliveries, type DeliveryFilter } from '../api/webhooks-api';
import { DELIVERY_STATUS_TONE, EVENT_TEXTS } from '../derive/event-texts';
import { useToasts } from './use-toasts';

export const DELIVERY_PAGE_SIZE = 20;

/** One endpoint's deliveries, newest first, paged and filtered by the server; each replayable. */
export function DeliveryLog({
  customerId,
  endpointId,
}: {
  customerId: number;
  endpointId: number;
}) {
  const t = useT();
  const locale = useLocale();
  const [filter, setFilter] = useState<DeliveryFilter>({ page: 0, size: DELIVERY_PAGE_SIZE });
  const deliveries = useWebhookDeliveries(customerId, endpointId, filter);
  const replay = useQueueDelivery(customerId, endpointId);
  const toast = useToasts();
  const at = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '–');

  const replayOne = (deliveryId: string) =>
    replay.mutate(deliveryId, {
      onSuccess: () => toast.done(t('integrations.deliveries.replayed', { id: deliveryId })),
      onError: toast.failed,
    });

  let body;
  if (deliveries.isPending) body = <Loading text={t('integrations.deliveries.loading')} />;
  else if (deliveries.isError) {
    body = (
      <LoadFailed
        text={t('integrations.deliveries.loadFailed', {
          reason: t(failureMessageKey(deliveries.error)),
        })}
        onRetry={() => void deliveries.refetch()}
        testId={`deliveries-error-${endpointId}`}
      />
    );
  } else if (deliveries.data.total === 0) {
    body = (
      <Text size="sm" data-testid={`deliveries-empty-${endpointId}`}>
        {filter.status === undefined
          ? t('integrations.deliveries.empty')
          : t('integrations.deliveries.emptyFiltered')}
      </Text>
    );
  } else {
    const page = deliveries.data;
    const pages = Math.max(1, Math.ceil(page.total / page.size));
    body = (
      <>
        <TableRegion
          id={`deliveries-${endpointId}`}
          caption={t('integrations.deliveries.caption')}
          minWidth={1000}
          testId={`deliveries-${endpointId}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('integrations.deliveries.col.id')}</Table.Th>
              <Table.Th scope="col">{t('integrations.deliveries.col.eventType')}</Table.Th>
              <Table.Th scope="col">{t('integrations.deliveries.col.created')}</Table.Th>
              <Table.Th scope="col">{t('integrations.deliveries.col.status')}</Table.Th>
              <Table.Th scope="col">{t('integrations.deliveries.col.attempts')}</Table.Th>
              <Table.Th scope="col">{t('integrations.deliveries.col.response')}</Table.Th>
              <Table.Th scope="col">{t('integrations.deliveries.col.duration')}</Table.Th>
              <Table.Th scope="col">{t('integrations.deliveries.col.lastError')}</Table.Th>
              <Table.Th scope="col">{t('integrations.deliveries.col.nextAttempt')}</Table.Th>
              <Table.Th scope="col">{t('integrations.col.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.data.map((delivery) => (
              <Table.Tr key={delivery.id} data-testid={`delivery-${delivery.id}`}>
                <Table.Th scope="row">
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {delivery.id}
                  </Text>
                </Table.Th>
                <Table.Td>{t(EVENT_TEXTS[delivery.eventType])}</Table.Td>
                <Table.Td>{at(delivery.createdAt)}</Table.Td>
                <Table.Td>
                  <StatusBadge tone={DELIVERY_STATUS_TONE[delivery.status]}>
                    {t(`integrations.deliveries.status.${delivery.status}`)}
                  </StatusBadge>
                </Table.Td>
                <Table.Td>{formatNumber(String(delivery.attempts), locale, 0)}</Table.Td>
                <Table.Td>{delivery.lastResponseCode ?? '–'}</Table.Td>
                <Table.Td>
                  {delivery.lastDurationMs === null
                    ? '–'
                    : t('integrations.deliveries.durationMs', {
                        ms: formatNumber(String(delivery.lastDurationMs), locale, 0),
                      })}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" style={{ wordBreak: 'break-word' }}>
                    {delivery.lastError ?? '–'}
                  </Text>
                </Table.Td>
                <Table.Td>{at(delivery.nextAttemptAt)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('integrations.deliveries.replayLabel', { id: delivery.id })}
                    loading={replay.isPending && replay.variables === delivery.id}
                    onClick={() => replayOne(delivery.id)}
                    data-testid={`delivery-replay-${delivery.id}`}
                  >
                    {t('integrations.deliveries.replay')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableRegion>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={filter.page + 1}
            onChange={(next) => setFilter((current) => ({ ...current, page: next - 1 }))}
            getItemProps={(next) => ({
              'aria-label': t('integrations.deliveries.page', { page: next }),
            })}
            aria-label={t('integrations.deliveries.pages')}
            data-testid={`deliveries-pages-${endpointId}`}
          />
        )}
      </>
    );
  }

  return (
    <Stack gap="sm" data-testid={`delivery-log-${endpointId}`}>
      <Group align="flex-end" justify="space-between">
        <NativeSelect
          label={t('integrations.deliveries.filter')}
          maw={{ base: '100%', sm: 260 }}
          value={filter.status ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFilter((current) => ({
              ...current,
              page: 0,
              status: value === '' ? undefined : (value as WebhookDeliveryStatus),
            }));
          }}
          data={[
            { value: '', label: t('integrations.deliveries.allStatuses') },
            ...WEBHOOK_DELIVERY_STATUSES.map((status) => ({
              value: status,
              label: t(`integrations.deliveries.status.${status}`),
            })),
          ]}
          data-testid={`deliveries-filter-${endpointId}`}
        />
        <Button variant="default" size="xs" onClick={() => void deliveries.refetch()}>
          {t('integrations.deliveries.refresh')}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
