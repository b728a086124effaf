import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { DashboardListPanel } from '../../../shared/ui/dashboard-list-panel';
import { usePriceAlerts } from '../api/price-alerts-api';
import { PRICE_ALERTS_WEB_PATH } from '../price-alerts-paths';
import { conditionOf, positionOf } from './price-alert-table';

const PANEL_SIZE = 5;

/**
 * The dashboard's word on price alerts: the selected customer's active ones, compactly, with the
 * way to all of them. Says nothing while there are none (or they cannot be read now): the
 * dashboard is about positions, and the screen itself says what to do.
 */
export function PriceAlertsPanel() {
  const { customer } = useSelection();
  return customer ? <Panel key={customer.id} customerId={customer.id} /> : null;
}

function Panel({ customerId }: { customerId: number }) {
  const t = useT();
  const locale = useLocale();
  const alerts = usePriceAlerts(customerId, { page: 0, size: PANEL_SIZE, status: 'ACTIVE' });
  if (!alerts.isSuccess || alerts.data.total === 0) return null;
  return (
    <DashboardListPanel
      testId="price-alerts-panel"
      title={t('priceAlerts.panel.title')}
      count={t('priceAlerts.panel.count', { count: alerts.data.total })}
      lines={alerts.data.data.map((alert) => ({
        key: alert.id,
        text: `${positionOf(alert, t)}: ${conditionOf(alert, t, locale).toLowerCase()}`,
      }))}
      more={{ to: PRICE_ALERTS_WEB_PATH, label: t('priceAlerts.panel.more') }}
    />
  );
}
