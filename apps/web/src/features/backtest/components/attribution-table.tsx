import { Table, Text } from '@mantine/core';
import type { Attribution } from '@klik/api';
import { formatMoney } from '../../../shared/format/format-numbers';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import { strategyKey } from './backtest-labels';

const PARTS: readonly {
  field: 'timing' | 'volume' | 'margin' | 'total';
  label: MessageKey;
  what: MessageKey;
}[] = [
  {
    field: 'timing',
    label: 'backtest.attribution.timing',
    what: 'backtest.attribution.timing.what',
  },
  {
    field: 'volume',
    label: 'backtest.attribution.volume',
    what: 'backtest.attribution.volume.what',
  },
  {
    field: 'margin',
    label: 'backtest.attribution.margin',
    what: 'backtest.attribution.margin.what',
  },
  { field: 'total', label: 'backtest.attribution.total', what: 'backtest.attribution.total.what' },
];

/**
 * Where the difference between the actual clicks and the reference comes from: timing, volume
 * and margin, which add up to the total (actual − reference; positive: the clicks cost more).
 */
export function AttributionTable({ attribution }: { attribution: Attribution }) {
  const t = useT();
  const locale = useLocale();
  const reference = t(strategyKey(attribution.reference));
  return (
    <TableRegion
      id="backtest-attribution"
      caption={t('backtest.attribution.caption', { reference })}
      minWidth={560}
      testId="backtest-attribution"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('backtest.attribution.part')}</Table.Th>
          <Table.Th scope="col">{t('backtest.attribution.amount')}</Table.Th>
          <Table.Th scope="col">{t('backtest.attribution.meaning')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {PARTS.map(({ field, label, what }) => (
          <Table.Tr key={field} data-testid={`backtest-attribution-${field}`}>
            <Table.Th scope="row">{t(label)}</Table.Th>
            <Table.Td fw={field === 'total' ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(attribution[field], locale)}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t(what, { reference })}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
