import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { ContractData } from '@klik/api';
import { formatNumber, formatVolume, monthName } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { volumesPerMonth, yearTotals } from '../derive/monthly-volumes';
import { ChartFigure } from '../../../shared/charts/chart-figure';

/**
 * The fixed and open volume of each month of a year of supply, stacked, for planning what is
 * still to fix and when. The year is the one chosen on the contract card.
 */
export function MonthlyVolumeChart({ contract, year }: { contract: ContractData; year: number }) {
  const t = useT();
  const locale = useLocale();
  const months = volumesPerMonth(contract, year);
  const totals = yearTotals(months);
  const fixed = t('positions.chart.monthly.fixed');
  const open = t('positions.chart.monthly.open');
  const total = t('positions.chart.monthly.total');
  // Only the drawing uses binary numbers; the table has the exact decimals.
  const data = months.map((month) => ({
    month: monthName(month.month, locale, 'short'),
    fixed: Number(month.fixed),
    open: Number(month.open),
  }));
  return (
    <ChartFigure
      id={`monthly-${contract.contractId}`}
      testId={`monthly-chart-${contract.contractId}`}
      title={t('positions.chart.monthly.title', { year })}
      chart={
        <BarChart
          h={240}
          data={data}
          dataKey="month"
          type="stacked"
          withLegend
          accessibilityLayer={false}
          yAxisLabel={t('positions.chart.volumeAxis')}
          yAxisProps={{ width: 70 }}
          valueFormatter={(value) => formatNumber(String(value), locale, 0)}
          series={[
            { name: 'fixed', label: fixed, color: 'teal.8' },
            { name: 'open', label: open, color: 'gray.5' },
          ]}
        />
      }
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">{t('positions.chart.monthly.month')}</th>
              <th scope="col">{fixed}</th>
              <th scope="col">{open}</th>
              <th scope="col">{total}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthName(month.month, locale)}</th>
                <td>{formatVolume(month.fixed, locale)}</td>
                <td>{formatVolume(month.open, locale)}</td>
                <td>{formatVolume(month.total, locale)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('positions.chart.monthly.yearTotal', { year })}</th>
              <td>{formatVolume(totals.fixed, locale)}</td>
              <td>{formatVolume(totals.open, locale)}</td>
              <td>{formatVolume(totals.total, locale)}</td>
            </tr>
          </tfoot>
        </table>
      }
    />
  );
}
