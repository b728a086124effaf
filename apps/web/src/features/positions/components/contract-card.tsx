import { lazy, memo, Suspense, useId, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Grid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { isYearHistory } from '@klik/domain';
import { useT } from '../../../shared/i18n/use-t';
import { useNow } from '../../../shared/time/use-now';
import { useLoadingFlags } from '../api/loading-flags';
import type { ContractData, ContractSummary as Summary } from '@klik/api';
import type { PositionsSource } from '../api/positions-source';
import { useRefreshContract } from '../api/refresh-contract';
import { WhenVisible } from '../../../shared/ui/when-visible';
import { statusesOfYear, yearOffered } from '../derive/grid-rows';
import { ContractSummary } from './contract-summary';
import { PositionGrid } from './position-grid';
import { clickOptionKey, clickTypeKey } from '../../../shared/i18n/domain-labels';

const ContractCharts = lazy(async () => ({
  default: (await import('./contract-charts')).ContractCharts,
}));

interface ContractCardProps {
  contract: ContractData;
  summary: Summary | null;
  readOnly: boolean;
  source: PositionsSource;
  /**
   * Whether the years, grid, summary and charts are drawn at once; otherwise only once the card
   * comes near the screen. A dashboard draws the first card at once and the others as they are
   * scrolled to, so the first paint does not wait for every contract's grid (docs/performance.md).
   */
  eager?: boolean;
}

/** Roughly a card's years, grid and charts on a laptop, so the page does not jump as they come. */
const BODY_HEIGHT = 1200;
// About the height of the charts, so the page does not jump when they are drawn.
const CHARTS_HEIGHT = 260;

// Whether a year passed into history is judged to the minute; deadlines fall at 16:00.
const HISTORY_CLOCK_MS = 60_000;

/**
 * The contract's years in order, split into those still ahead and those that are history
 * (isYearHistory), and the year the tabs open on: the first year ahead that can be clicked now,
 * else the first year ahead, else the first year.
 */
function useYears(contract: ContractData) {
  const at = new Date(useNow(HISTORY_CLOCK_MS));
  const years = [...contract.yearsOfSupply].sort((a, b) => a - b);
  const history = years.filter((year) =>
    isYearHistory({
      clickType: contract.clickType,
      statuses: statusesOfYear(contract, year),
      at,
    }),
  );
  const ahead = years.filter((year) => !history.includes(year));
  const opening = ahead.find((year) => yearOffered(contract, year)) ?? ahead[0] ?? years[0];
  return { years, ahead, history, opening };
}

/**
 * One contract: its terms, a grid per year of supply (years that are history behind a disclosure
 * after the others), its summary and the charts of the year shown.
 */
export const ContractCard = memo(function ContractCard({
  contract,
  summary,
  readOnly,
  source,
  eager = false,
}: ContractCardProps) {
  const t = useT();
  const flags = useLoadingFlags();
  const refresh = useRefreshContract(source);
  const loading = flags.contract[contract.contractId] === true;
  const headingId = `contract-heading-${contract.contractId}`;
  const body = <ContractBody contract={contract} summary={summary} readOnly={readOnly} />;

  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={headingId}
      data-testid={`contract-${contract.contractId}`}
      data-commodity={contract.commodity}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {contract.product} · {contract.contractId}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Badge variant="filled" color={contract.commodity === 'Power' ? 'blue.9' : 'grape.9'}>
                {t(
                  contract.commodity === 'Power'
                    ? 'positions.filter.power'
                    : 'positions.filter.gas',
                )}
              </Badge>
              <Text size="sm">
                {t('positions.contract.clickType', { value: t(clickTypeKey(contract.clickType)) })}
              </Text>
              <Text size="sm">
                {t('positions.contract.clickOption', {
                  value: t(clickOptionKey(contract.clickOption)),
                })}
              </Text>
              <Text size="sm">
                {t('positions.summary.runout', {
                  value: t(contract.runOut ? 'positions.yes' : 'positions.no'),
                })}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs">
            {loading && (
              <Loader size="xs" role="status" aria-label={t('positions.contract.loading')} />
            )}
            <Button
              variant="default"
              size="xs"
              onClick={() => refresh.mutate(contract)}
              disabled={loading}
              aria-label={t('positions.contract.refreshLabel', { contractId: contract.contractId })}
              data-testid={`refresh-${contract.contractId}`}
            >
              {t('positions.contract.refresh')}
            </Button>
          </Group>
        </Group>

        {refresh.isError && (
          <Alert color="red" role="alert" data-testid={`refresh-error-${contract.contractId}`}>
            {t('positions.contract.refreshFailed')}
          </Alert>
        )}

        {eager ? (
          body
        ) : (
          <WhenVisible minHeight={BODY_HEIGHT} testId={`contract-pending-${contract.contractId}`}>
            {body}
          </WhenVisible>
        )}
      </Stack>
    </Card>
  );
});

/**
 * A contract's years with the grid of the year shown, its summary and that year's charts.
 * Memoised apart from the card: the card's loading flag comes and goes with every reload, and
 * should redraw the heading, not the grid.
 */
const ContractBody = memo(function ContractBody({
  contract,
  summary,
  readOnly,
}: Pick<ContractCardProps, 'contract' | 'summary' | 'readOnly'>) {
  const t = useT();
  const tabListId = useId();
  const { years, ahead, history, opening } = useYears(contract);
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  // With nothing ahead the history is all there is, so it is shown without asking.
  const showHistory = historyOpen || ahead.length === 0;
  const tabYears = showHistory ? years : ahead;
  // Until the user picks a year the tabs follow the data (a stored copy, then the fresh one).
  const selectedYear = chosenYear !== null && tabYears.includes(chosenYear) ? chosenYear : opening;

  return (
    <>
      {selectedYear === undefined ? (
        <Text>{t('positions.contract.noYears')}</Text>
      ) : (
        <Tabs
          value={String(selectedYear)}
          onChange={(value) => setChosenYear(value === null ? null : Number(value))}
          keepMounted={false}
        >
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Tabs.List
              id={tabListId}
              aria-label={t('positions.contract.years', { contractId: contract.contractId })}
            >
              {tabYears.map((year) => {
                const offered = yearOffered(contract, year);
                return (
                  <Tabs.Tab
                    key={year}
                    value={String(year)}
                    data-testid={`year-tab-${contract.contractId}-${year}`}
                    data-offered={offered}
                    data-history={history.includes(year)}
                  >
                    {offered ? year : t('positions.contract.yearNotOffered', { year })}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            {history.length > 0 && ahead.length > 0 && (
              <Button
                variant="subtle"
                size="compact-sm"
                aria-expanded={historyOpen}
                aria-controls={tabListId}
                onClick={() => {
                  setHistoryOpen(!historyOpen);
                  if (historyOpen) setChosenYear(null);
                }}
                data-testid={`history-${contract.contractId}`}
              >
                {t('positions.contract.history', { years: history.join(', ') })}
              </Button>
            )}
          </Group>
          {tabYears.map((year) => (
            <Tabs.Panel key={year} value={String(year)} pt="xs">
              {history.includes(year) ? (
                <Text size="sm" mb="xs" data-testid={`year-history-${contract.contractId}-${year}`}>
                  {t('positions.contract.historyNote')}
                </Text>
              ) : (
                !yearOffered(contract, year) && (
                  <Text
                    size="sm"
                    mb="xs"
                    data-testid={`year-not-offered-${contract.contractId}-${year}`}
                  >
                    {t('positions.contract.yearNotOfferedNote', { year })}
                  </Text>
                )
              )}
              <PositionGrid contract={contract} year={year} readOnly={readOnly} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      <Grid gap="lg">
        {summary && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ContractSummary summary={summary} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: summary ? 8 : 12 }}>
          {/* Below the grid, so drawn when scrolled near, also on the first card: recharts is the
              most expensive part of a card to draw (docs/performance.md). */}
          <WhenVisible
            minHeight={CHARTS_HEIGHT}
            testId={`contract-pending-charts-${contract.contractId}`}
          >
            <Suspense fallback={<Skeleton height={CHARTS_HEIGHT} />}>
              {selectedYear !== undefined && (
                <ContractCharts contract={contract} year={selectedYear} />
              )}
            </Suspense>
          </WhenVisible>
        </Grid.Col>
      </Grid>
    </>
  );
});
