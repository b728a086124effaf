import { useState } from 'react';
import { Chip, Group, Stack, Text } from '@mantine/core';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Backtest, StrategyId } from '@klik/api';
import { ChartFigure } from '../../../shared/charts/chart-figure';
import { priceAxisProps } from '../../../shared/charts/price-axis';
import { formatDay, formatPrice, formatVolume } from '../../../shared/format/format-numbers';
import { partKey } from '../../../shared/i18n/domain-labels';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { STRATEGY_COLOURS, cssColour, ordered, strategyKey } from './backtest-labels';

const PART_STROKES = {
  Gas: { colour: 'var(--mantine-color-gray-6)', dash: '2 2' },
  Peak: { colour: 'var(--mantine-color-gray-6)', dash: '6 3' },
  OffPeak: { colour: 'var(--mantine-color-gray-6)', dash: '2 4' },
} as const;

function dayNumber(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

function dayOf(value: number): string {
  return new Date(value).toISOString().slice(0, 10);
}

/**
 * The year's click price per part over the window, with every strategy's clicks as markers; the
 * chips beside it show or hide a strategy. Screen readers read the clicks as a table instead.
 */
export function PriceHistoryChart({ backtest }: { backtest: Backtest }) {
  const t = useT();
  const locale = useLocale();
  const runs = ordered(backtest.strategies).filter(
    (result) => result.unavailable === null && result.clicks.length > 0,
  );
  const [shown, setShown] = useState<string[]>(() =>
    runs
      .map((result) => result.strategy)
      .filter((strategy) => strategy === 'ACTUAL' || strategy === backtest.parameters.reference),
  );
  // The year's click price is the line; with more than one part (Peak and OffPeak) each part's
  // own price is drawn beside it, thinner.
  const parts = [
    ...new Set(backtest.history.flatMap((point) => point.prices.map((price) => price.part))),
  ];
  const partLines = parts.length > 1 ? parts : [];
  const data = backtest.history.map((point) => ({
    x: dayNumber(point.day),
    year: Number(point.price),
    ...Object.fromEntries(point.prices.map((price) => [price.part, Number(price.price)])),
  }));
  const prices = backtest.history.map((point) => point.price);
  const partPrices = backtest.history.flatMap((point) =>
    partLines.length > 0 ? point.prices.map((price) => price.price) : [],
  );
  const visible = runs.filter((result) => shown.includes(result.strategy));
  const yAxis = priceAxisProps(
    [
      ...prices,
      ...partPrices,
      ...visible.flatMap((result) => result.clicks.map((click) => click.price)),
    ],
    locale,
  );
  const [first] = backtest.history;
  const last = backtest.history.at(-1);
  const low = prices.reduce<string | null>(
    (a, b) => (a === null || Number(b) < Number(a) ? b : a),
    null,
  );
  const high = prices.reduce<string | null>(
    (a, b) => (a === null || Number(b) > Number(a) ? b : a),
    null,
  );
  const caption =
    first && last && low !== null && high !== null
      ? t('backtest.chart.caption', {
          from: formatDay(first.day, locale),
          to: formatDay(last.day, locale),
          low: formatPrice(low, locale),
          high: formatPrice(high, locale),
        })
      : t('backtest.chart.title');
  const name = (strategy: StrategyId) => t(strategyKey(strategy));
  return (
    <Stack gap="xs">
      <ChartFigure
        id="backtest-chart"
        title={t('backtest.chart.title')}
        testId="backtest-chart"
        empty={data.length === 0 ? t('backtest.noHistory') : null}
        chart={
          <ResponsiveContainer width="100%" height={300}>
            <ComposedChart
              data={data}
              accessibilityLayer={false}
              margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis
                dataKey="x"
                type="number"
                scale="time"
                domain={['dataMin', 'dataMax']}
                tickFormatter={(value: number) => formatDay(dayOf(value), locale)}
                fontSize={12}
              />
              <YAxis {...yAxis} fontSize={12} />
              <Tooltip
                labelFormatter={(value) => formatDay(dayOf(Number(value)), locale)}
                formatter={(value) => formatPrice(String(value), locale)}
              />
              <Line
                dataKey="year"
                name={t('backtest.chart.price')}
                type="monotone"
                dot={false}
                isAnimationActive={false}
                stroke="var(--mantine-color-gray-8)"
                strokeWidth={2}
              />
              {partLines.map((part) => (
                <Line
                  key={part}
                  dataKey={part}
                  name={t(partKey(part))}
                  type="monotone"
                  dot={false}
                  connectNulls
                  isAnimationActive={false}
                  stroke={PART_STROKES[part].colour}
                  strokeWidth={1}
                  strokeDasharray={PART_STROKES[part].dash}
                />
              ))}
              {visible.map((result) => (
                <Scatter
                  key={result.strategy}
                  name={name(result.strategy)}
                  data={result.clicks.map((click) => ({
                    x: dayNumber(click.day),
                    y: Number(click.price),
                  }))}
                  dataKey="y"
                  fill={cssColour(STRATEGY_COLOURS[result.strategy])}
                  isAnimationActive={false}
                />
              ))}
            </ComposedChart>
          </ResponsiveContainer>
        }
        table={
          <table>
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('backtest.chart.strategy')}</th>
                <th scope="col">{t('backtest.chart.day')}</th>
                <th scope="col">{t('backtest.chart.part')}</th>
                <th scope="col">{t('backtest.chart.volume')}</th>
                <th scope="col">{t('backtest.chart.price')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.flatMap((result) =>
                result.clicks.map((click, index) => (
                  <tr key={`${result.strategy}-${index}`}>
                    <th scope="row">{name(result.strategy)}</th>
                    <td>{formatDay(click.day, locale)}</td>
                    <td>{t(partKey(click.part))}</td>
                    <td>{formatVolume(click.volume, locale)}</td>
                    <td>
                      {formatPrice(click.price, locale)}
                      {click.forced ? ` (${t('backtest.chart.forced')})` : ''}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        }
      />
      {data.length > 0 && runs.length > 0 && (
        <Chip.Group multiple value={shown} onChange={setShown}>
          <Stack gap={4} component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Text component="legend" size="sm" p={0}>
              {t('backtest.chart.legend')}
            </Text>
            <Group gap="xs" data-testid="backtest-chart-legend">
              {runs.map((result) => (
                <Chip
                  key={result.strategy}
                  value={result.strategy}
                  size="xs"
                  color={STRATEGY_COLOURS[result.strategy]}
                  data-testid={`backtest-chart-toggle-${result.strategy}`}
                >
                  {name(result.strategy)}
                </Chip>
              ))}
            </Group>
          </Stack>
        </Chip.Group>
      )}
    </Stack>
  );
}
