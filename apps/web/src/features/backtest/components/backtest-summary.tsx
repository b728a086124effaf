import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Backtest } from '@klik/api';
import { formatDay, formatVolume } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { backtestFormats } from './backtest-labels';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The year's frame: the click window replayed and whether it is still open, the volume, the year
 * product's 12-month average, high and low, and the best and worst day to have fixed it all on.
 */
export function BacktestSummary({ backtest }: { backtest: Backtest }) {
  const t = useT();
  const locale = useLocale();
  const format = backtestFormats(t, locale);
  const { window, twelveMonth, bestDay, worstDay } = backtest;
  return (
    <Stack gap="sm">
      {window && (
        <Group gap="xs">
          <Text size="sm" data-testid="backtest-window">
            {t('backtest.summary.window', {
              from: formatDay(window.from, locale),
              to: formatDay(window.to, locale),
            })}
          </Text>
          {backtest.open ? (
            <StatusBadge tone="info" testId="backtest-open">
              {t('backtest.summary.open')}
            </StatusBadge>
          ) : (
            <StatusBadge tone="neutral" testId="backtest-closed">
              {t('backtest.summary.closed')}
            </StatusBadge>
          )}
        </Group>
      )}
      {backtest.open && (
        <Text size="sm" data-testid="backtest-open-note">
          {t('backtest.summary.openNote')}
        </Text>
      )}
      <SimpleGrid component="dl" m={0} cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure
          label={t('backtest.summary.volume')}
          value={formatVolume(backtest.volume, locale)}
          testId="backtest-volume"
        />
        <Figure
          label={t('backtest.summary.average')}
          value={format.price(twelveMonth?.average)}
          testId="backtest-average"
        />
        <Figure
          label={t('backtest.summary.high')}
          value={format.price(twelveMonth?.high)}
          testId="backtest-high"
        />
        <Figure
          label={t('backtest.summary.low')}
          value={format.price(twelveMonth?.low)}
          testId="backtest-low"
        />
        <Figure
          label={t('backtest.summary.bestDay')}
          value={
            bestDay
              ? t('backtest.summary.day', {
                  day: formatDay(bestDay.day, locale),
                  cost: format.money(bestDay.totalCost),
                })
              : t('backtest.none')
          }
          testId="backtest-best-day"
        />
        <Figure
          label={t('backtest.summary.worstDay')}
          value={
            worstDay
              ? t('backtest.summary.day', {
                  day: formatDay(worstDay.day, locale),
                  cost: format.money(worstDay.totalCost),
                })
              : t('backtest.none')
          }
          testId="backtest-worst-day"
        />
        <Figure
          label={t('backtest.summary.spread')}
          value={format.money(backtest.spread)}
          testId="backtest-spread"
        />
      </SimpleGrid>
    </Stack>
  );
}
