import { useState } from 'react';
import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { CustomerRisk, RiskYear } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';
import { useSelection } from '../../../shared/session/use-selection';
import { serverNow } from '../../../shared/time/server-clock';
import { EmptyState, LoadFailed, Loading, NoCustomer } from '../../../shared/ui/load-states';
import { useCustomerRisk } from '../api/risk-api';
import { CostRangeChart } from '../components/cost-range-chart';
import { MarkToMarketTable } from '../components/mark-to-market-table';
import { RiskExportButtons } from '../components/risk-export-buttons';
import { RiskFiguresTable } from '../components/risk-figures-table';
import { riskYearName } from '../components/risk-labels';
import { RiskMethodDrawer } from '../components/risk-method';
import { StressTable } from '../components/stress-table';

function keyOf(year: Pick<RiskYear, 'commodity' | 'yearOfSupply'>): string {
  return `${year.commodity}-${year.yearOfSupply}`;
}

/** One contract year: its range chart, its stress table and its parts marked to market. */
function YearDetail({ year }: { year: RiskYear }) {
  const t = useT();
  const name = riskYearName(year.commodity, year.yearOfSupply, t);
  const key = keyOf(year);
  return (
    <Stack gap="md" data-testid={`risk-year-${key}`}>
      {year.distribution ? (
        <>
          <CostRangeChart
            id={`risk-chart-${key}`}
            title={t('risk.chart.title', { year: name })}
            distribution={year.distribution}
            totalVolume={year.totalVolume}
          />
          <Title order={3} size="h5">
            {t('risk.stress.title', { year: name })}
          </Title>
          <StressTable
            id={`risk-stress-${key}`}
            caption={t('risk.stress.title', { year: name })}
            stress={year.distribution.stress}
          />
        </>
      ) : (
        <Text size="sm" data-testid={`risk-no-distribution-${key}`}>
          {t('risk.figures.noDistribution')}
        </Text>
      )}
      <Title order={3} size="h5">
        {t('risk.mtm.title', { year: name })}
      </Title>
      <MarkToMarketTable
        id={`risk-mtm-${key}`}
        caption={t('risk.mtm.title', { year: name })}
        parts={year.markToMarket}
      />
    </Stack>
  );
}

function RiskFigures({ risk }: { risk: CustomerRisk }) {
  const t = useT();
  const locale = useLocale();
  const [chosen, setChosen] = useState<string | null>(null);
  // The server's year: a browser clock that is off must not open a year that has passed.
  const thisYear = new Date(serverNow()).getFullYear();
  const fallback = risk.years.find((year) => year.yearOfSupply >= thisYear) ?? risk.years[0]!;
  const selected = risk.years.find((year) => keyOf(year) === chosen) ?? fallback;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" data-testid="risk-as-of">
        {t('risk.asOf', { asOf: formatDateTime(risk.asOf, locale) })}
      </Text>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('risk.years.title')}
        </Title>
        <RiskFiguresTable
          id="risk-years"
          caption={t('risk.years.title')}
          testId="risk-years"
          rows={risk.years.map((year) => ({
            key: keyOf(year),
            name: riskYearName(year.commodity, year.yearOfSupply, t),
            distribution: year.distribution,
            horizonDays: year.horizonDays,
          }))}
        />
      </Stack>
      <Paper withBorder p="md" component="section" aria-labelledby="risk-year-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="risk-year-title">
            {t('risk.year.title')}
          </Title>
          <Select
            label={t('risk.year.choose')}
            data-testid="risk-year-choice"
            allowDeselect={false}
            value={keyOf(selected)}
            onChange={setChosen}
            maw={{ base: '100%', sm: 260 }}
            data={risk.years.map((year) => ({
              value: keyOf(year),
              label: riskYearName(year.commodity, year.yearOfSupply, t),
            }))}
          />
          <YearDetail key={keyOf(selected)} year={selected} />
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('risk.book.title')}
        </Title>
        <Text size="sm">{t('risk.book.intro')}</Text>
        {risk.book ? (
          <>
            <RiskFiguresTable
              id="risk-book"
              caption={t('risk.book.title')}
              testId="risk-book"
              rows={[
                {
                  key: 'book',
                  name: t('risk.book.name'),
                  distribution: risk.book,
                  horizonDays: null,
                },
              ]}
            />
            <Title order={3} size="h5">
              {t('risk.book.stress')}
            </Title>
            <StressTable
              id="risk-stress-book"
              caption={t('risk.book.stress')}
              stress={risk.book.stress}
            />
          </>
        ) : (
          <Text size="sm" data-testid="risk-book-none">
            {t('risk.figures.noDistribution')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

function CustomerRiskFigures({ customerId }: { customerId: number }) {
  const t = useT();
  const risk = useCustomerRisk(customerId);
  if (risk.isPending) return <Loading text={t('risk.loading')} />;
  if (risk.isError) {
    return (
      <LoadFailed
        text={t('risk.loadFailed')}
        onRetry={() => void risk.refetch()}
        testId="risk-error"
      />
    );
  }
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-start">
        <RiskMethodDrawer method={risk.data.method} />
        <RiskExportButtons customerId={customerId} />
      </Group>
      {risk.data.years.length === 0 ? (
        <EmptyState
          text={t('risk.empty')}
          steps={[{ to: PATHS.dashboard, label: t('risk.toDashboard') }]}
          testId="risk-empty"
        />
      ) : (
        <RiskFigures risk={risk.data} />
      )}
    </Stack>
  );
}

/**
 * What the customer's open volume may still cost (docs/risk.md): per contract year the
 * distribution of the final cost with its cost-at-risk and stress scenarios, the clicks marked
 * to today's market, the whole book, and the method in plain words.
 */
export function RiskScreen() {
  const t = useT();
  const { customer } = useSelection();
  return (
    <Stack data-testid="screen-risk">
      <Title order={1}>{t('risk.title')}</Title>
      <Text>{t('risk.intro')}</Text>
      {customer ? (
        <CustomerRiskFigures key={customer.id} customerId={customer.id} />
      ) : (
        <NoCustomer />
      )}
    </Stack>
  );
}
