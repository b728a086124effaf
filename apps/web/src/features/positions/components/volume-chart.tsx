import { BarChart } from '@mantine/charts';
import { formatNumber, formatVolume } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import type { ContractData } from '@klik/api';
import { volumesPerYear } from '../derive/volume-chart-data';
import { ChartFigure } from './chart-figure';

/** Clicked versus open volume per year of supply, stacked. */
export function VolumeChart({ contract }: { contract: ContractData }) {
  const t = useT();
  const locale = useLocale();
  const years = volumesPerYear(contract);
  const clicked = t('positions.chart.volume.clicked');
  const open = t('positions.chart.volume.open');
  // Only the drawing uses binary numbers; the figures in the table are the exact decimals.
  const data = years.map((year) => ({
    year: String(year.yearOfSupply),
    clicked: Number(year.clicked),
    open: Number(year.open),
  }));
  return (
    <ChartFigure
      id={`volume-${contract.contractId}`}
      testId={`volume-chart-${contract.contractId}`}
      title={t('positions.chart.volume.title')}
      chart={
        <BarChart
          h={220}
          data={data}
          dataKey="year"
          type="stacked"
          withLegend
          accessibilityLayer={false}
          valueFormatter={(value) => formatNumber(String(value), locale, 0)}
          series={[
            { name: 'clicked', label: clicked, color: 'teal.8' },
            { name: 'open', label: open, color: 'gray.4' },
          ]}
        />
      }
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">{t('positions.summary.year')}</th>
              <th scope="col">{clicked}</th>
              <th scope="col">{open}</th>
            </tr>
          </thead>
          <tbody>
            {years.map((year) => (
              <tr key={year.yearOfSupply}>
                <th scope="row">{year.yearOfSupply}</th>
                <td>{formatVolume(year.clicked, locale)}</td>
                <td>{formatVolume(year.open, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
