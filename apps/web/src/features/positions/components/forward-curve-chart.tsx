import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { ContractData } from '@klik/api';
import { priceAxisProps } from '../../../shared/charts/price-axis';
import { formatNumber, formatPrice } from '../../../shared/format/format-numbers';
import { marketKey, partKey } from '../../../shared/i18n/domain-labels';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { curvePrices, forwardCurve } from '../derive/forward-curve-data';
import { ChartFigure } from '../../../shared/charts/chart-figure';

const MARKET_COLORS = ['blue.8', 'cyan.9', 'indigo.7', 'gray.7'];
const FIXED_COLORS = ['orange.8', 'red.8', 'grape.8'];
const fixedKey = (part: string) => `${part}_fixed`;

/**
 * The market price per maturity of one year of supply, per part and market, with the customer's
 * fixed price (the weighted average click price) per part as dots: where they fixed against the
 * market of today.
 */
export function ForwardCurveChart({ contract, year }: { contract: ContractData; year: number }) {
  const t = useT();
  const locale = useLocale();
  const curve = forwardCurve(contract, year);
  const id = `curve-${contract.contractId}`;
  const title = t('positions.chart.curve.title', { year });
  if (curve.points.length === 0) {
    return (
      <ChartFigure
        id={id}
        testId={`curve-chart-${contract.contractId}`}
        title={title}
        chart={null}
        table={null}
        empty={t('positions.chart.curve.empty', { year })}
      />
    );
  }
  const marketLabel = (series: (typeof curve.series)[number]) =>
    `${t(partKey(series.part))} ${t(marketKey(series.market))}`;
  const fixedLabel = (part: (typeof curve.fixedParts)[number]) =>
    t('positions.chart.curve.fixed', { part: t(partKey(part)) });
  // Only the drawing uses binary numbers; the table has the exact decimals.
  const toNumber = (price: string | null | undefined) =>
    price === null || price === undefined ? null : Number(price);
  const data = curve.points.map((point) => ({
    maturity: point.maturity,
    ...Object.fromEntries(Object.entries(point.prices).map(([key, p]) => [key, toNumber(p)])),
    ...Object.fromEntries(
      curve.fixedParts.map((part) => [fixedKey(part), toNumber(point.fixed[part])]),
    ),
  }));
  const fixedKeys = new Set(curve.fixedParts.map(fixedKey));
  // A single point (a year without finer prices) draws no line: it keeps its dot.
  const singlePoint = curve.points.length === 1;
  const yAxis = priceAxisProps(curvePrices(curve), locale);
  return (
    <ChartFigure
      id={id}
      testId={`curve-chart-${contract.contractId}`}
      title={title}
      chart={
        <LineChart
          h={240}
          data={data}
          dataKey="maturity"
          withLegend
          accessibilityLayer={false}
          yAxisLabel={t('positions.chart.priceAxis')}
          yAxisProps={yAxis}
          dotProps={{ r: 5 }}
          valueFormatter={(value) => formatNumber(String(value), locale, 2)}
          // Fixed prices are points, not a curve: no line between them, nothing across a gap.
          lineProps={(series) =>
            fixedKeys.has(series.name)
              ? { strokeWidth: 0, connectNulls: false }
              : singlePoint
                ? {}
                : { dot: false }
          }
          series={[
            ...curve.series.map((series, index) => ({
              name: series.key,
              label: marketLabel(series),
              color: MARKET_COLORS[index % MARKET_COLORS.length] ?? 'blue.8',
              // ICE Endex often quotes as OTC does: dashed, it stays visible on top of it.
              strokeDasharray: series.market === 'ICE' ? '6 4' : undefined,
            })),
            ...curve.fixedParts.map((part, index) => ({
              name: fixedKey(part),
              label: fixedLabel(part),
              color: FIXED_COLORS[index % FIXED_COLORS.length] ?? 'orange.8',
            })),
          ]}
        />
      }
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">{t('positions.grid.maturity')}</th>
              {curve.series.map((series) => (
                <th scope="col" key={series.key}>
                  {marketLabel(series)}
                </th>
              ))}
              {curve.fixedParts.map((part) => (
                <th scope="col" key={part}>
                  {fixedLabel(part)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {curve.points.map((point) => (
              <tr key={point.maturity}>
                <th scope="row">{point.maturity}</th>
                {curve.series.map((series) => {
                  const price = point.prices[series.key] ?? null;
                  return (
                    <td key={series.key}>
                      {price === null ? t('positions.grid.noPrice') : formatPrice(price, locale)}
                    </td>
                  );
                })}
                {curve.fixedParts.map((part) => {
                  const price = point.fixed[part] ?? null;
                  return (
                    <td key={part}>
                      {price === null
                        ? t('positions.chart.curve.nothingFixed')
                        : formatPrice(price, locale)}
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
