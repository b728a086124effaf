import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { PriceAlertView } from '@klik/api';
import { formatDateTime, formatDay, formatExactPrice } from '../../../shared/format/format-numbers';
import type { Translate } from '../../../shared/i18n/use-t';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';

/** "KL-1001 piek Q1 2027 (OTC)": what an alert watches. */
export function positionOf(alert: PriceAlertView, t: Translate): string {
  const part = alert.commodity === 'Power' ? ` ${t(`priceAlerts.part.${alert.part}`)}` : '';
  return `${alert.contractId}${part} ${alert.maturity} ${alert.yearOfSupply} (${t(`priceAlerts.market.${alert.market}`)})`;
}

/** "Gelijk aan of lager dan € 80,50/MWh". */
export function conditionOf(alert: PriceAlertView, t: Translate, locale: 'nl' | 'en'): string {
  return t('priceAlerts.condition', {
    direction: t(`priceAlerts.direction.${alert.direction}`),
    price: formatExactPrice(alert.price, locale),
  });
}

/** The customer's alerts as a table; changes are offered only to who may make them. */
export function PriceAlertTable({
  alerts,
  mayManage,
  onEdit,
  onDelete,
}: {
  alerts: readonly PriceAlertView[];
  mayManage: boolean;
  onEdit: (alert: PriceAlertView) => void;
  onDelete: (alert: PriceAlertView) => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <TableRegion
      id="price-alerts"
      caption={t('priceAlerts.caption')}
      minWidth={760}
      testId="price-alert-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('priceAlerts.col.position')}</Table.Th>
          <Table.Th scope="col">{t('priceAlerts.col.condition')}</Table.Th>
          <Table.Th scope="col">{t('priceAlerts.col.recipients')}</Table.Th>
          <Table.Th scope="col">{t('priceAlerts.col.expiresOn')}</Table.Th>
          <Table.Th scope="col">{t('priceAlerts.col.status')}</Table.Th>
          {mayManage && <Table.Th scope="col">{t('priceAlerts.col.actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {alerts.map((alert) => {
          const position = positionOf(alert, t);
          return (
            <Table.Tr key={alert.id} data-testid={`price-alert-${alert.id}`}>
              <Table.Th scope="row">{position}</Table.Th>
              <Table.Td>
                <Text size="sm">{conditionOf(alert, t, locale)}</Text>
                {alert.lastFiredAt && alert.lastFiredPrice && (
                  <Text size="xs">
                    {t('priceAlerts.lastFired', {
                      at: formatDateTime(alert.lastFiredAt, locale),
                      price: formatExactPrice(alert.lastFiredPrice, locale),
                    })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{alert.recipients.map((user) => user.name).join(', ')}</Table.Td>
              <Table.Td>{formatDay(alert.expiresOn, locale)}</Table.Td>
              <Table.Td>
                <Badge
                  color={alert.status === 'ACTIVE' ? 'teal.9' : 'gray.8'}
                  variant="filled"
                  data-testid={`price-alert-status-${alert.id}`}
                >
                  {t(`priceAlerts.status.${alert.status}`)}
                </Badge>
              </Table.Td>
              {mayManage && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('priceAlerts.editLabel', { position })}
                      onClick={() => onEdit(alert)}
                      data-testid={`price-alert-edit-${alert.id}`}
                    >
                      {t('priceAlerts.edit')}
                    </Button>
                    <Button
                      size="xs"
                      color="red.9"
                      variant="outline"
                      aria-label={t('priceAlerts.deleteLabel', { position })}
                      onClick={() => onDelete(alert)}
                      data-testid={`price-alert-delete-${alert.id}`}
                    >
                      {t('priceAlerts.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableRegion>
  );
}
