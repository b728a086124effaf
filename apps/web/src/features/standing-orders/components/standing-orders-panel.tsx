import { Anchor, Card, Group, List, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useRealtimeEvents } from '../../../shared/websocket/realtime-context';
import { standingOrderKeys, useStandingOrders } from '../api/standing-orders-api';
import { STANDING_ORDERS_WEB_PATH } from '../standing-orders-paths';
import { conditionOf, positionOf, stateDetail } from './standing-order-table';

const PANEL_SIZE = 5;

/**
 * The dashboard's word on standing orders: the selected customer's active ones, with the way to
 * all of them. Says nothing while there are none: the screen says how to place one.
 */
export function StandingOrdersPanel() {
  const { customer } = useSelection();
  return customer ? <Panel key={customer.id} customerId={customer.id} /> : null;
}

function Panel({ customerId }: { customerId: number }) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const orders = useStandingOrders(customerId, { page: 0, size: PANEL_SIZE, status: 'ACTIVE' });
  // An order that executed made a click: read the orders again.
  useRealtimeEvents((event) => {
    if (event.name === 'clickUpdate') {
      void queryClient.invalidateQueries({ queryKey: standingOrderKeys.all });
    }
  });
  if (!orders.isSuccess || orders.data.total === 0) return null;
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="standing-orders-panel"
      component="section"
      aria-labelledby="standing-orders-panel-title"
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="standing-orders-panel-title">
          {t('standingOrders.panel.title')}
        </Title>
        <Text size="sm">{t('standingOrders.panel.count', { count: orders.data.total })}</Text>
      </Group>
      <List size="sm" spacing={2}>
        {orders.data.data.map((order) => {
          const detail = stateDetail(order, t, locale);
          return (
            <List.Item key={order.id} data-testid={`standing-orders-panel-${order.id}`}>
              {positionOf(order)}: {conditionOf(order, t, locale)}
              {detail ? ` (${detail})` : ''}
            </List.Item>
          );
        })}
      </List>
      <Anchor
        component={Link}
        to={STANDING_ORDERS_WEB_PATH}
        size="sm"
        mt="xs"
        display="inline-block"
      >
        {t('standingOrders.panel.more')}
      </Anchor>
    </Card>
  );
}
