import { Button, Table, Text } from '@mantine/core';
import type { StandingOrder } from '@klik/api';
import { disableClickReasonText, isDisableClickReason } from '@klik/domain';
import type { Locale } from '@klik/api';
import { formatDay, formatPercentage, formatPrice } from '../../../shared/format/format-numbers';
import type { Translate } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import { StatusBadge, type StatusTone } from '../../../shared/ui/status-badge';

const STATUS_TONE: Record<StandingOrder['status'], StatusTone> = {
  ACTIVE: 'info',
  EXECUTED: 'success',
  CANCELLED: 'neutral',
  LAPSED: 'warning',
};

/** "KL-270001 Q1 2027": the position an order is on. */
export function positionOf(order: StandingOrder): string {
  return `${order.contractId} ${order.maturity} ${order.yearOfSupply}`;
}

/** The order's condition in words: at or below the limit, at or above the stop, or both. */
export function conditionOf(order: StandingOrder, t: Translate, locale: Locale): string {
  const parts: string[] = [];
  if (order.limitPrice !== null) {
    parts.push(
      t('standingOrders.condition.limit', { price: formatPrice(order.limitPrice, locale) }),
    );
  }
  if (order.stopPrice !== null) {
    parts.push(t('standingOrders.condition.stop', { price: formatPrice(order.stopPrice, locale) }));
  }
  return parts.join(t('standingOrders.condition.or'));
}

/** The share an order fixes: a percentage of the open volume, or MWh per part. */
export function shareOf(order: StandingOrder, t: Translate, locale: Locale): string {
  if (order.percentage !== null) {
    return t('standingOrders.share.percentage', {
      percentage: formatPercentage(order.percentage, locale),
    });
  }
  return Object.entries(order.volumes ?? {})
    .map(([part, volume]) => `${part} ${volume} MWh`)
    .join(', ');
}

/** What the state says beyond its name: why it waits, why it lapsed, what it executed at. */
export function stateDetail(order: StandingOrder, t: Translate, locale: Locale): string | null {
  if (order.status === 'ACTIVE' && order.waitingReason) {
    const reason = isDisableClickReason(order.waitingReason)
      ? disableClickReasonText(order.waitingReason, locale)
      : t(`standingOrders.waiting.${order.waitingReason}` as never);
    return t('standingOrders.waitingFor', { reason });
  }
  if (order.status === 'LAPSED' && order.lapseReason) {
    return t(`standingOrders.lapse.${order.lapseReason}` as never);
  }
  if (order.status === 'EXECUTED' && order.triggerClickPrice !== null) {
    return t('standingOrders.executedAt', {
      click: order.clickId ?? '',
      price: formatPrice(order.triggerClickPrice, locale),
    });
  }
  return null;
}

export function StandingOrderTable({
  orders,
  t,
  locale,
  onCancel,
}: {
  orders: StandingOrder[];
  t: Translate;
  locale: Locale;
  onCancel: (order: StandingOrder) => void;
}) {
  return (
    <TableRegion
      id="standing-orders"
      caption={t('standingOrders.tableLabel')}
      minWidth={860}
      testId="standing-orders-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('standingOrders.column.position')}</Table.Th>
          <Table.Th>{t('standingOrders.column.share')}</Table.Th>
          <Table.Th>{t('standingOrders.column.condition')}</Table.Th>
          <Table.Th>{t('standingOrders.column.validUntil')}</Table.Th>
          <Table.Th>{t('standingOrders.column.status')}</Table.Th>
          <Table.Th>{t('standingOrders.column.createdBy')}</Table.Th>
          <Table.Th>
            <span className="klik-visually-hidden">{t('standingOrders.column.actions')}</span>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.map((order) => {
          const detail = stateDetail(order, t, locale);
          return (
            <Table.Tr key={order.id} data-testid={`standing-order-${order.id}`}>
              <Table.Td>
                {positionOf(order)} ({order.market})
              </Table.Td>
              <Table.Td>{shareOf(order, t, locale)}</Table.Td>
              <Table.Td>{conditionOf(order, t, locale)}</Table.Td>
              <Table.Td>{formatDay(order.validUntil, locale)}</Table.Td>
              <Table.Td>
                <StatusBadge
                  tone={STATUS_TONE[order.status]}
                  testId={`standing-order-status-${order.id}`}
                >
                  {t(`standingOrders.status.${order.status}`)}
                </StatusBadge>
                {detail && (
                  <Text size="xs" data-testid={`standing-order-detail-${order.id}`}>
                    {detail}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{order.createdBy ?? ''}</Table.Td>
              <Table.Td>
                {order.mayCancel && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onCancel(order)}
                    aria-label={t('standingOrders.cancelOf', { position: positionOf(order) })}
                    data-testid={`standing-order-cancel-${order.id}`}
                  >
                    {t('standingOrders.cancel')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableRegion>
  );
}
