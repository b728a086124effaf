import { LineChart } from '@mantine/charts';
import { formatNumber, formatPrice } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import type { ContractData } from '@klik/api';
import { forwardCurve } from '../derive/forward-curve-data';
import { ChartFigure } from './chart-figure';
import { marketKey, partKey } from '../../../shared/i18n/domain-labels';

const COLORS = ['teal.8', 'blue.8', 'orange.8', 'grape.8', 'red.8', 'gray.8'];

/** The market price per delivery period across the years of supply, per part and market. */
export function ForwardCurveChart({ contract }: { contract: ContractData }) {
  const t = useT();
  const locale = useLocale();
  const curve = forwardCurve(contract);
  const title = t('positions.chart.curve.title');
  if (curve.series.length === 0) {
    return (
      <ChartFigure
        id={`curve-${contract.contractId}`}
        testId={`curve-chart-${contract.contractId}`}
        title={title}
        chart={null}
        table={null}
        empty={t('positions.chart.curve.empty')}
      />
    );
  }
  const label = (key: string) => {
    const series = curve.series.find((candidate) => candidate.key === key);
    return series ? `${t(partKey(series.part))} ${t(marketKey(series.market))}` : key;
  };
  const periodLabel = (point: (typeof curve.points)[number]) =>
    `${point.maturity} ${point.yearOfSupply}`;
  const data = curve.points.map((point) => ({
    period: periodLabel(point),
    ...Object.fromEntries(
      Object.entries(point.prices).map(([key, price]) => [
        key,
        price === null ? null : Number(price),
      ]),
    ),
  }));
  return (
    <ChartFigure
      id={`curve-${contract.contractId}`}
      testId={`curve-chart-${contract.contractId}`}
      title={title}
      chart={
        <LineChart
          h={220}
          data={data}
          dataKey="period"
          withLegend
          withDots={false}
          accessibilityLayer={false}
          valueFormatter={(value) => formatNumber(String(value), locale, 2)}
          series={curve.series.map((series, index) => ({
            name: series.key,
            label: label(series.key),
            color: COLORS[index % COLORS.length] ?? 'teal.8',
          }))}
        />
      }
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">{t('positions.chart.curve.period')}</th>
              {curve.series.map((series) => (
                <th scope="col" key={series.key}>
                  {label(series.key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {curve.points.map((point) => (
              <tr key={periodLabel(point)}>
                <th scope="row">{periodLabel(point)}</th>
                {curve.series.map((series) => {
                  const price = point.prices[series.key] ?? null;
                  return (
                    <td key={series.key}>
                      {price === null ? t('positions.grid.noPrice') : formatPrice(price, locale)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
