import { AreaChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { CostDistribution } from '@klik/api';
import { toDec } from '@klik/domain';
import { ChartFigure } from '../../../shared/charts/chart-figure';
import { priceAxis } from '../../../shared/charts/price-axis';
import { formatMoney, formatNumber, formatPrice } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';

/**
 * The distribution of a year's final cost as a range: the cost at each quantile from 5 to 95,
 * with the expected cost and the cost at the budget's upper band drawn in. The same figures are
 * a visually hidden table for screen readers.
 */
export function CostRangeChart({
  id,
  title,
  distribution,
  totalVolume,
}: {
  id: string;
  title: string;
  distribution: CostDistribution;
  /** MWh of the year: the upper band (EUR/MWh) over it is the cost the band allows. */
  totalVolume: string;
}) {
  const t = useT();
  const locale = useLocale();
  const { quantiles, upperBand, expectedCost } = distribution;
  // The band as a cost, exact: the axis and the line are drawing only.
  const bandCost =
    upperBand === null ? null : toDec(upperBand).times(toDec(totalVolume)).toFixed(2);
  const axis = priceAxis([
    ...quantiles.map((point) => point.cost),
    expectedCost,
    ...(bandCost === null ? [] : [bandCost]),
  ]);
  const data = quantiles.map((point) => ({
    quantile: `P${point.quantile}`,
    cost: Number(point.cost),
  }));
  const caption =
    upperBand === null || bandCost === null
      ? t('risk.chart.caption', { expected: formatMoney(expectedCost, locale) })
      : t('risk.chart.captionWithBand', {
          expected: formatMoney(expectedCost, locale),
          band: formatPrice(upperBand, locale),
          bandCost: formatMoney(bandCost, locale),
        });
  return (
    <ChartFigure
      id={id}
      title={title}
      testId={id}
      empty={data.length === 0 ? t('risk.chart.empty') : null}
      chart={
        <AreaChart
          h={260}
          data={data}
          dataKey="quantile"
          curveType="monotone"
          accessibilityLayer={false}
          xAxisLabel={t('risk.chart.xAxis')}
          yAxisLabel={t('risk.chart.yAxis')}
          yAxisProps={{
            domain: [axis.min, axis.max],
            width: 100,
            allowDecimals: false,
            tickFormatter: (value: number) => formatNumber(String(value), locale, 0),
          }}
          valueFormatter={(value) => formatNumber(String(value), locale, 0)}
          series={[{ name: 'cost', label: t('risk.chart.cost'), color: 'blue.8' }]}
          referenceLines={[
            { y: Number(expectedCost), label: t('risk.chart.expected'), color: 'gray.7' },
            ...(bandCost === null
              ? []
              : [{ y: Number(bandCost), label: t('risk.chart.upperBand'), color: 'red.8' }]),
          ]}
        />
      }
      table={
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('risk.chart.xAxis')}</th>
              <th scope="col">{t('risk.chart.cost')}</th>
            </tr>
          </thead>
          <tbody>
            {quantiles.map((point) => (
              <tr key={point.quantile}>
                <th scope="row">{`P${point.quantile}`}</th>
                <td>{formatMoney(point.cost, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
