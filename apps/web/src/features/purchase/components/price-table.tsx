import { Box, Table, Text } from '@mantine/core';
import type { ContractPartName } from '@klik/domain';
import { formatVolume } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { formatExactPrice, formatMoney } from '../../../shared/format/format-numbers';
import { partKey } from '../../../shared/i18n/domain-labels';

export interface PriceRow {
  name: ContractPartName;
  /** MWh; null while the share is not valid. */
  volume: string | null;
  marketPrice: string;
  markUp: string;
  transactionFee: string;
  clickPrice: string;
  cost: string | null;
}

/** Per part: volume, market price, mark-up, fees, click price and cost, with the total. */
export function PriceTable({
  rows,
  totalCost,
  caption,
  testId,
}: {
  rows: readonly PriceRow[];
  totalCost: string | null;
  caption: string;
  testId: string;
}) {
  const t = useT();
  const locale = useLocale();
  const dash = '–';
  return (
    <>
      <Box className="klik-table-scroll" tabIndex={0} role="region" aria-label={caption}>
        <Table withTableBorder fz="sm" miw={760} data-testid={testId}>
          <caption className="klik-visually-hidden">{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('purchase.table.part')}</Table.Th>
              <Table.Th scope="col">{t('purchase.table.volume')}</Table.Th>
              <Table.Th scope="col">{t('purchase.table.marketPrice')}</Table.Th>
              <Table.Th scope="col">{t('purchase.table.markUp')}</Table.Th>
              <Table.Th scope="col">{t('purchase.table.fees')}</Table.Th>
              <Table.Th scope="col">{t('purchase.table.clickPrice')}</Table.Th>
              <Table.Th scope="col">{t('purchase.table.cost')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.name} data-testid={`${testId}-${row.name}`}>
                <Table.Th scope="row">{t(partKey(row.name))}</Table.Th>
                <Table.Td className="klik-nowrap" data-testid={`${testId}-${row.name}-volume`}>
                  {row.volume === null ? dash : formatVolume(row.volume, locale)}
                </Table.Td>
                <Table.Td className="klik-nowrap">
                  {formatExactPrice(row.marketPrice, locale)}
                </Table.Td>
                <Table.Td className="klik-nowrap">{formatExactPrice(row.markUp, locale)}</Table.Td>
                <Table.Td className="klik-nowrap">
                  {formatExactPrice(row.transactionFee, locale)}
                </Table.Td>
                <Table.Td className="klik-nowrap" data-testid={`${testId}-${row.name}-price`}>
                  {formatExactPrice(row.clickPrice, locale)}
                </Table.Td>
                <Table.Td className="klik-nowrap" data-testid={`${testId}-${row.name}-cost`}>
                  {row.cost === null ? dash : formatMoney(row.cost, locale)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={6}>
                {t('purchase.table.total')}
              </Table.Th>
              <Table.Td className="klik-nowrap" fw={700} data-testid={`${testId}-total`}>
                {totalCost === null ? dash : formatMoney(totalCost, locale)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Box>
      {/* Below a wide screen the table's last column, the total, lies beyond the screen's edge. */}
      <Text hiddenFrom="lg" fw={700} mt="xs" data-testid={`${testId}-summary`}>
        {t('purchase.table.summary', {
          total: totalCost === null ? dash : formatMoney(totalCost, locale),
        })}
      </Text>
    </>
  );
}
