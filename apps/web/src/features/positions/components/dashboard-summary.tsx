import { useMemo } from 'react';
import { Box, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  dashboardSummary,
  roundPercentage,
  type Commodity,
  type DashboardYearSummary,
  type ShareCorridor,
} from '@klik/domain';
import type { ContractData, Locale } from '@klik/api';
import {
  formatDay,
  formatMoney,
  formatPercentage,
  formatPrice,
  formatVolume,
} from '../../../shared/format/format-numbers';
import { maturityWords } from '../../../shared/i18n/domain-labels';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT, type Translate } from '../../../shared/i18n/use-t';

/**
 * The hedge corridor of a commodity's year over the given contracts, in percent of their volume;
 * null without a policy. Hedge policies are their own feature, so the app supplies it.
 */
export type CorridorOf = (
  commodity: Commodity,
  yearOfSupply: number,
  contractIds: readonly string[],
) => ShareCorridor | null;

/**
 * A year's P95 and cost-at-risk over the given contracts (EUR), 'loading' while they are computed,
 * null when there are none to show. The risk figures are their own feature, so the app supplies it.
 */
export type RiskOf = (
  commodity: Commodity,
  yearOfSupply: number,
  contractIds: readonly string[],
) => { p95: string; costAtRisk: string } | 'loading' | null;

function commodityName(commodity: Commodity, t: Translate): string {
  return t(commodity === 'Power' ? 'positions.filter.power' : 'positions.filter.gas');
}

/** The share fixed as a bar, with the corridor as a band behind it when there is one. */
function ShareBar({
  share,
  corridor,
  label,
}: {
  share: string;
  corridor: ShareCorridor | null;
  label: string;
}) {
  // Drawing only: the text beside it and the bar's name carry the exact figures.
  const percent = (value: string) =>
    `${Math.min(100, Math.max(0, Number(roundPercentage(value))))}%`;
  return (
    <Box
      role="img"
      aria-label={label}
      pos="relative"
      h={12}
      bg="gray.2"
      style={{ borderRadius: 6, overflow: 'hidden' }}
    >
      {corridor && (
        <Box
          data-testid="overview-corridor"
          pos="absolute"
          top={0}
          bottom={0}
          left={percent(corridor.min)}
          w={`calc(${percent(corridor.max)} - ${percent(corridor.min)})`}
          bg="teal.2"
          style={{
            borderLeft: '2px solid var(--mantine-color-teal-9)',
            borderRight: '2px solid var(--mantine-color-teal-9)',
          }}
        />
      )}
      <Box
        pos="absolute"
        top={3}
        bottom={3}
        left={0}
        w={percent(share)}
        bg="blue.8"
        style={{ borderRadius: 3 }}
      />
    </Box>
  );
}

function Figure({ label, children, testId }: { label: string; children: string; testId: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/** The year's P95 once the risk figures are in; a placeholder of its height until then. */
function RiskFigure({ risk, testId }: { risk: ReturnType<RiskOf>; testId: string }) {
  const t = useT();
  const locale = useLocale();
  if (risk === null) return null;
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {t('positions.overview.p95')}
      </Text>
      {risk === 'loading' ? (
        <Text component="dd" size="sm" m={0} aria-busy="true" data-testid={`${testId}-loading`}>
          <Skeleton height={14} width="60%" mt={3} component="span" display="block" />
        </Text>
      ) : (
        <Text component="dd" size="sm" m={0} data-testid={testId}>
          {t('positions.overview.p95Value', {
            p95: formatMoney(risk.p95, locale),
            costAtRisk: formatMoney(risk.costAtRisk, locale),
          })}
        </Text>
      )}
    </div>
  );
}

function Tile({
  year,
  corridor,
  risk,
  locale,
}: {
  year: DashboardYearSummary;
  corridor: ShareCorridor | null;
  risk: ReturnType<RiskOf>;
  locale: Locale;
}) {
  const t = useT();
  const key = `${year.commodity}-${year.yearOfSupply}`;
  const headingId = `overview-heading-${key}`;
  const share = formatPercentage(year.fixedShare, locale);
  const deadline = year.nextDeadline;
  return (
    <Paper
      withBorder
      p="sm"
      component="article"
      aria-labelledby={headingId}
      data-testid={`overview-${key}`}
      miw={0}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('positions.overview.tile', {
            commodity: commodityName(year.commodity, t),
            year: year.yearOfSupply,
          })}
        </Title>
        <ShareBar
          share={year.fixedShare}
          corridor={corridor}
          label={
            corridor
              ? t('positions.overview.barWithCorridor', {
                  share,
                  min: formatPercentage(corridor.min, locale),
                  max: formatPercentage(corridor.max, locale),
                })
              : t('positions.overview.bar', { share })
          }
        />
        <Box component="dl" m={0} style={{ display: 'grid', gap: 6 }}>
          <Figure label={t('positions.overview.fixed')} testId={`overview-fixed-${key}`}>
            {t('positions.overview.fixedValue', {
              share,
              total: formatVolume(year.totalVolume, locale),
            })}
          </Figure>
          <Figure label={t('positions.overview.average')} testId={`overview-average-${key}`}>
            {year.averageClickPrice === null
              ? t('positions.overview.noAverage')
              : formatPrice(year.averageClickPrice, locale)}
          </Figure>
          <Figure label={t('positions.overview.open')} testId={`overview-open-${key}`}>
            {year.openValue === null
              ? t('positions.overview.openValueUnknown', {
                  volume: formatVolume(year.openVolume, locale),
                })
              : t('positions.overview.openValue', {
                  volume: formatVolume(year.openVolume, locale),
                  value: formatMoney(year.openValue, locale),
                })}
          </Figure>
          <Figure label={t('positions.overview.expected')} testId={`overview-expected-${key}`}>
            {year.expectedTotalCost === null
              ? t('positions.overview.expectedUnknown')
              : formatMoney(year.expectedTotalCost, locale)}
          </Figure>
          <RiskFigure risk={risk} testId={`overview-p95-${key}`} />
          <Figure label={t('positions.overview.deadline')} testId={`overview-deadline-${key}`}>
            {deadline
              ? t('positions.overview.deadlineValue', {
                  maturity: maturityWords(deadline.maturity, t, locale),
                  year: year.yearOfSupply,
                  day: formatDay(deadline.lastTradingDay, locale),
                  daysLeft: t('positions.overview.daysLeft', { n: deadline.daysLeft }),
                })
              : t('positions.overview.noDeadline')}
          </Figure>
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * The dashboard's top strip: per commodity and year that can still be clicked, the share fixed
 * (against the hedge corridor when there is one), the average click price, the open volume and
 * its value today, the expected total and the next deadline (domain dashboardSummary). Skeletons
 * while the contracts load; nothing when there is nothing to summarise.
 */
export function DashboardSummary({
  contracts,
  now,
  corridorOf,
  riskOf,
}: {
  contracts: readonly ContractData[] | undefined;
  /** The instant the deadlines and the history are judged at (epoch ms). */
  now: number;
  corridorOf?: CorridorOf;
  riskOf?: RiskOf;
}) {
  const t = useT();
  const locale = useLocale();
  const years = useMemo(
    () => (contracts ? dashboardSummary(contracts, new Date(now)) : null),
    [contracts, now],
  );
  if (years === null) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="overview-loading" aria-busy="true">
        <Skeleton height={180} />
        <Skeleton height={180} />
      </SimpleGrid>
    );
  }
  if (years.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="overview-title" data-testid="overview">
      <Title order={2} size="h4" id="overview-title" mb="xs">
        {t('positions.overview.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {years.map((year) => (
          <Tile
            key={`${year.commodity}-${year.yearOfSupply}`}
            year={year}
            corridor={corridorOf?.(year.commodity, year.yearOfSupply, year.contractIds) ?? null}
            risk={riskOf?.(year.commodity, year.yearOfSupply, year.contractIds) ?? null}
            locale={locale}
          />
        ))}
      </SimpleGrid>
    </Box>
  );
}
