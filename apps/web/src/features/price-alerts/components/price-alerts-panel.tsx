import { Anchor, Card, Group, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
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
    <Card
      withBorder
      padding="sm"
      data-testid="price-alerts-panel"
      component="section"
      aria-labelledby="price-alerts-panel-title"
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="price-alerts-panel-title">
          {t('priceAlerts.panel.title')}
        </Title>
        <Text size="sm">{t('priceAlerts.panel.count', { count: alerts.data.total })}</Text>
      </Group>
      <List size="sm" spacing={2}>
        {alerts.data.data.map((alert) => (
          <List.Item key={alert.id} data-testid={`price-alerts-panel-${alert.id}`}>
            {positionOf(alert, t)}: {conditionOf(alert, t, locale).toLowerCase()}
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to={PRICE_ALERTS_WEB_PATH} size="sm" mt="xs" display="inline-block">
        {t('priceAlerts.panel.more')}
      </Anchor>
    </Card>
  );
}
