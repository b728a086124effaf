import { Table, Text } from '@mantine/core';
import type { CostDistribution } from '@klik/api';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import { riskFormats } from './risk-labels';

/** One line of the figures table: a contract year or the whole book. */
export interface RiskFiguresRow {
  key: string;
  name: string;
  distribution: CostDistribution | null;
  horizonDays: number | null;
}

/**
 * The distribution of each contract year's final cost side by side: expected, mean, P5/P50/P95,
 * cost-at-risk and the chance of ending above the budget's upper band.
 */
export function RiskFiguresTable({
  id,
  caption,
  rows,
  testId,
}: {
  id: string;
  caption: string;
  rows: readonly RiskFiguresRow[];
  testId: string;
}) {
  const t = useT();
  const locale = useLocale();
  const format = riskFormats(t, locale);
  return (
    <TableRegion id={id} caption={caption} minWidth={900} testId={testId} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('risk.figures.year')}</Table.Th>
          <Table.Th scope="col">{t('risk.figures.expected')}</Table.Th>
          <Table.Th scope="col">{t('risk.figures.mean')}</Table.Th>
          <Table.Th scope="col">{t('risk.figures.p5')}</Table.Th>
          <Table.Th scope="col">{t('risk.figures.p50')}</Table.Th>
          <Table.Th scope="col">{t('risk.figures.p95')}</Table.Th>
          <Table.Th scope="col">{t('risk.figures.costAtRisk')}</Table.Th>
          <Table.Th scope="col">{t('risk.figures.aboveBand')}</Table.Th>
          <Table.Th scope="col">{t('risk.figures.horizon')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ key, name, distribution, horizonDays }) => (
          <Table.Tr key={key} data-testid={`${testId}-${key}`}>
            <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
              {name}
            </Table.Th>
            {distribution ? (
              <>
                <Table.Td>{format.money(distribution.expectedCost)}</Table.Td>
                <Table.Td>{format.money(distribution.mean)}</Table.Td>
                <Table.Td>{format.money(distribution.p5)}</Table.Td>
                <Table.Td>{format.money(distribution.p50)}</Table.Td>
                <Table.Td>{format.money(distribution.p95)}</Table.Td>
                <Table.Td fw={600}>{format.money(distribution.costAtRisk)}</Table.Td>
                <Table.Td>
                  {distribution.probabilityAboveBand === null
                    ? t('risk.figures.noBudget')
                    : format.percent(distribution.probabilityAboveBand)}
                </Table.Td>
              </>
            ) : (
              <Table.Td colSpan={7}>
                <Text size="sm">{t('risk.figures.noDistribution')}</Text>
              </Table.Td>
            )}
            <Table.Td>
              {horizonDays === null ? t('risk.none') : t('risk.figures.days', { n: horizonDays })}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
