import { useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { DashboardListPanel } from '../../../shared/ui/dashboard-list-panel';
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
    <DashboardListPanel
      testId="standing-orders-panel"
      title={t('standingOrders.panel.title')}
      count={t('standingOrders.panel.count', { count: orders.data.total })}
      lines={orders.data.data.map((order) => {
        const detail = stateDetail(order, t, locale);
        return {
          key: order.id,
          text: `${positionOf(order)}: ${conditionOf(order, t, locale)}${detail ? ` (${detail})` : ''}`,
        };
      })}
      more={{ to: STANDING_ORDERS_WEB_PATH, label: t('standingOrders.panel.more') }}
    />
  );
}
