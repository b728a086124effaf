import { Stack, Table, Text, Title } from '@mantine/core';
import type { AdminDashboard } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { feedSourceKey } from '../../../shared/i18n/domain-labels';

/**
 * Where prices come from and, for whoever may not pause (account managers), whether clicking is
 * paused, as the dashboard's figures say. An admin gets the live pause switch beside it instead.
 */
export function OperationsStatusPanel({
  data,
  mayPause,
}: {
  data: AdminDashboard;
  mayPause: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const pauseRow = {
    key: 'pause',
    label: t('monitor.trading.title'),
    value: (
      <Text span fw={700} data-testid="dashboard-paused" data-paused={data.pauzeActive}>
        {t(data.pauzeActive ? 'monitor.trading.paused' : 'monitor.trading.active')}
      </Text>
    ),
  };
  const rows = [
    ...(mayPause ? [] : [pauseRow]),
    { key: 'source', label: t('prices.feed.source'), value: t(feedSourceKey(data.feed.source)) },
    {
      key: 'leading',
      label: t('prices.feed.leading'),
      value: t(data.feed.leading ? 'prices.feed.yes' : 'prices.feed.no'),
    },
    {
      key: 'lastPrice',
      label: t('prices.feed.lastPrice'),
      value:
        data.feed.lastPriceAt === null
          ? t('prices.feed.never')
          : formatDateTime(data.feed.lastPriceAt, locale),
    },
  ];
  return (
    <Stack component="section" aria-labelledby="operations-title" gap="sm">
      <Title order={2} size="h4" id="operations-title">
        {t('admin.dashboard.operations')}
      </Title>
      <Table fz="sm" data-testid="dashboard-operations">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-testid={`operations-${row.key}`}>
              <Table.Th scope="row">{row.label}</Table.Th>
              <Table.Td>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
