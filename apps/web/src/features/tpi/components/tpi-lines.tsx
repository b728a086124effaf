import { Table, Text } from '@mantine/core';
import type { TpiLine } from '@klik/api';
import {
  formatDateTime,
  formatExactPrice,
  formatPercentage,
  formatVolume,
} from '../../../shared/format/format-numbers';
import { partKey } from '../../../shared/i18n/domain-labels';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';

/** A customer's contracts by year of supply: the TPI summary and what to decide on next. */
export function TpiLines({ customerName, lines }: { customerName: string; lines: TpiLine[] }) {
  const t = useT();
  const locale = useLocale();
  if (lines.length === 0) return <Text size="sm">{t('tpi.line.none')}</Text>;
  const price = (value: string | null) => (value === null ? '–' : formatExactPrice(value, locale));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        striped
        withTableBorder
        fz="sm"
        aria-label={t('tpi.line.label', { customer: customerName })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('tpi.line.contract')}</Table.Th>
            <Table.Th scope="col">{t('tpi.line.year')}</Table.Th>
            <Table.Th scope="col">{t('tpi.line.clicked')}</Table.Th>
            <Table.Th scope="col">{t('tpi.line.avgGas')}</Table.Th>
            <Table.Th scope="col">{t('tpi.line.avgPeak')}</Table.Th>
            <Table.Th scope="col">{t('tpi.line.avgOffPeak')}</Table.Th>
            <Table.Th scope="col">{t('tpi.line.open')}</Table.Th>
            <Table.Th scope="col">{t('tpi.line.clickPrice')}</Table.Th>
            <Table.Th scope="col">{t('tpi.line.deadline')}</Table.Th>
            <Table.Th scope="col">{t('tpi.line.pending')}</Table.Th>
            <Table.Th scope="col">{t('tpi.line.budget')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map(({ contract, summary }) => (
            <Table.Tr
              key={`${contract.contractId}/${summary.yearOfSupply}`}
              data-testid={`tpi-line-${contract.contractId}-${summary.yearOfSupply}`}
            >
              <Table.Th scope="row" fw={500}>
                {contract.contractId} · {contract.product}
              </Table.Th>
              <Table.Td>{summary.yearOfSupply}</Table.Td>
              <Table.Td data-testid="tpi-clicked">
                {formatPercentage(summary.clickedPercentage, locale)}
              </Table.Td>
              <Table.Td>{price(summary.weightedAvgGasClickPrice)}</Table.Td>
              <Table.Td>{price(summary.weightedAvgPeakClickPrice)}</Table.Td>
              <Table.Td>{price(summary.weightedAvgOffPeakClickPrice)}</Table.Td>
              <Table.Td>{formatVolume(summary.openVolume, locale)}</Table.Td>
              <Table.Td>
                {summary.parts.map((part) => (
                  <div key={part.name}>
                    {t('tpi.line.partPrice', {
                      part: t(partKey(part.name)),
                      price: price(part.currentClickPrice),
                    })}
                  </div>
                ))}
              </Table.Td>
              <Table.Td>
                {summary.nextDeadline
                  ? t('tpi.line.deadlineValue', {
                      maturity: summary.nextDeadline.maturity,
                      date: formatDateTime(summary.nextDeadline.closesAt, locale),
                    })
                  : t('tpi.line.noDeadline')}
              </Table.Td>
              <Table.Td>{summary.pendingApprovals}</Table.Td>
              <Table.Td>{t('tpi.line.noBudget')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
