import { Box, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { BudgetDetail } from '@klik/api';
import { formatDay, formatNumber, formatPrice } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { priceAxisProps } from '../../../shared/charts/price-axis';

/**
 * The expected price by day against the budget's bounds. The axes are scaled to the data and the
 * bounds; the same figures are a visually hidden table for screen readers.
 */
export function BudgetChart({ detail }: { detail: BudgetDetail }) {
  const t = useT();
  const locale = useLocale();
  const { budget, history } = detail;
  const titleId = `budget-chart-${detail.contractId}-${detail.yearOfSupply}`;
  if (!budget) return null;
  const empty = history.length === 0;
  const yAxis = priceAxisProps(
    [budget.lowerBound, budget.upperBound, ...history.map((point) => point.expectedPrice)],
    locale,
  );
  const data = history.map((point) => ({
    day: formatDay(point.day, locale),
    expected: Number(point.expectedPrice),
  }));
  return (
    <Box component="figure" m={0} aria-labelledby={titleId} data-testid="budget-chart">
      <Title order={2} size="h4" id={titleId} component="figcaption" mb="xs">
        {t('budget.chart.title')}
      </Title>
      {empty ? (
        <Text size="sm" data-testid="budget-chart-empty">
          {t('budget.chart.empty')}
        </Text>
      ) : (
        <>
          <div aria-hidden="true">
            <LineChart
              h={260}
              data={data}
              dataKey="day"
              withDots={data.length < 40}
              accessibilityLayer={false}
              yAxisLabel={t('budget.chart.yAxis')}
              xAxisLabel={t('budget.chart.xAxis')}
              yAxisProps={yAxis}
              valueFormatter={(value) => formatNumber(String(value), locale, 2)}
              series={[{ name: 'expected', label: t('budget.chart.expected'), color: 'blue.8' }]}
              referenceLines={[
                { y: Number(budget.upperBound), label: t('budget.chart.upper'), color: 'red.8' },
                { y: Number(budget.budgetPrice), label: t('budget.chart.budget'), color: 'gray.7' },
                { y: Number(budget.lowerBound), label: t('budget.chart.lower'), color: 'teal.8' },
              ]}
            />
          </div>
          <div className="klik-visually-hidden">
            <table>
              <caption>
                {t('budget.chart.caption', {
                  lower: formatPrice(budget.lowerBound, locale),
                  budget: formatPrice(budget.budgetPrice, locale),
                  upper: formatPrice(budget.upperBound, locale),
                })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('budget.chart.xAxis')}</th>
                  <th scope="col">{t('budget.chart.expected')}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((point) => (
                  <tr key={point.day}>
                    <th scope="row">{formatDay(point.day, locale)}</th>
                    <td>{formatPrice(point.expectedPrice, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Box>
  );
}
