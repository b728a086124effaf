import { Group, Paper, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Backtest, ContractSummary, StrategyParameters } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';
import { useSearchEdits } from '../../../shared/routing/use-search-edits';
import { useSelection } from '../../../shared/session/use-selection';
import { useSession } from '../../../shared/session/use-session';
import { serverNow } from '../../../shared/time/server-clock';
import { EmptyState, LoadFailed, Loading, NoCustomer } from '../../../shared/ui/load-states';
import { useBacktest, useBacktestContracts } from '../api/backtest-api';
import { AttributionTable } from '../components/attribution-table';
import { BacktestExportButtons } from '../components/backtest-export-buttons';
import { REFERENCE_STRATEGIES, strategyKey } from '../components/backtest-labels';
import { BacktestRanking } from '../components/backtest-ranking';
import { BacktestSummary } from '../components/backtest-summary';
import { PriceHistoryChart } from '../components/price-history-chart';
import { StrategyParametersForm } from '../components/strategy-parameters';
import { StrategyTable } from '../components/strategy-table';
import {
  BACKTEST_PARAMS,
  parametersFromSearch,
  rankingFromSearch,
  viewFromSearch,
  yearFromSearch,
} from '../derive/backtest-search';

type Edit = (changes: Readonly<Record<string, string>>) => void;

/** The year a contract opens with: the server's current year or the first after it, else its last. */
function fallbackYear(contract: ContractSummary): number | null {
  const thisYear = new Date(serverNow()).getFullYear();
  const years = [...contract.yearsOfSupply].sort((a, b) => a - b);
  return years.find((year) => year >= thisYear) ?? years.at(-1) ?? null;
}

function Figures({
  backtest,
  customerId,
  parameters,
}: {
  backtest: Backtest;
  customerId: number;
  /** As asked for: the export writes the replay the user set up. */
  parameters: StrategyParameters;
}) {
  const t = useT();
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <BacktestExportButtons
          customerId={customerId}
          contractId={backtest.contractId}
          yearOfSupply={backtest.yearOfSupply}
          parameters={parameters}
        />
      </Group>
      <BacktestSummary backtest={backtest} />
      <Stack gap="xs">
        <Title order={2} size="h4" id="backtest-strategies-title">
          {t('backtest.strategies.title')}
        </Title>
        <Text size="sm">{t('backtest.strategies.intro')}</Text>
        <StrategyTable backtest={backtest} />
      </Stack>
      <PriceHistoryChart key={backtest.parameters.reference} backtest={backtest} />
      <Stack gap="xs" component="section" aria-labelledby="backtest-attribution-title">
        <Title order={2} size="h4" id="backtest-attribution-title">
          {t('backtest.attribution.title')}
        </Title>
        {backtest.attribution ? (
          <>
            <Text size="sm">
              {t('backtest.attribution.intro', {
                reference: t(strategyKey(backtest.attribution.reference)),
              })}
            </Text>
            <AttributionTable attribution={backtest.attribution} />
          </>
        ) : (
          <Text size="sm" data-testid="backtest-attribution-none">
            {t('backtest.attribution.none', {
              reference: t(strategyKey(backtest.parameters.reference)),
            })}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

function YearReplay({
  customerId,
  contractId,
  yearOfSupply,
  parameters,
}: {
  customerId: number;
  contractId: string;
  yearOfSupply: number;
  parameters: StrategyParameters;
}) {
  const t = useT();
  const backtest = useBacktest(customerId, contractId, yearOfSupply, parameters);
  if (backtest.isPending) return <Loading text={t('backtest.loading')} />;
  if (backtest.isError) {
    return (
      <LoadFailed
        text={t('backtest.loadFailed')}
        onRetry={() => void backtest.refetch()}
        testId="backtest-error"
      />
    );
  }
  if (backtest.data.history.length === 0) {
    return <EmptyState text={t('backtest.noHistory')} testId="backtest-no-history" />;
  }
  return <Figures backtest={backtest.data} customerId={customerId} parameters={parameters} />;
}

function CustomerStrategy({
  customerId,
  search,
  edit,
}: {
  customerId: number;
  search: URLSearchParams;
  edit: Edit;
}) {
  const t = useT();
  const summaries = useBacktestContracts(customerId);
  const parameters = parametersFromSearch(search);
  const asked = yearFromSearch(search);
  if (summaries.data === undefined) {
    if (summaries.isError) {
      return (
        <LoadFailed
          text={t('backtest.contractsFailed')}
          onRetry={() => void summaries.refetch()}
          testId="backtest-contracts-error"
        />
      );
    }
    return <Loading text={t('backtest.contractsLoading')} />;
  }
  const contracts = summaries.data.filter((contract) => contract.yearsOfSupply.length > 0);
  if (contracts.length === 0) {
    return (
      <EmptyState
        text={t('backtest.noContracts')}
        steps={[{ to: PATHS.dashboard, label: t('backtest.toDashboard') }]}
        testId="backtest-no-contracts"
      />
    );
  }
  const contract =
    contracts.find((candidate) => candidate.contractId === asked.contractId) ?? contracts[0]!;
  const yearOfSupply =
    asked.yearOfSupply !== null && contract.yearsOfSupply.includes(asked.yearOfSupply)
      ? asked.yearOfSupply
      : fallbackYear(contract);
  const changeParameters = (changes: Partial<StrategyParameters>) =>
    edit(
      Object.fromEntries(
        Object.entries(changes).map(([field, value]) => [
          BACKTEST_PARAMS[field as keyof StrategyParameters],
          String(value),
        ]),
      ),
    );
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={720}>
            <Select
              label={t('backtest.contract')}
              allowDeselect={false}
              value={contract.contractId}
              onChange={(value) => {
                if (value) {
                  edit({
                    [BACKTEST_PARAMS.contractId]: value,
                    [BACKTEST_PARAMS.yearOfSupply]: '',
                  });
                }
              }}
              data={contracts.map((candidate) => ({
                value: candidate.contractId,
                label: t('backtest.contractOption', {
                  contractId: candidate.contractId,
                  product: candidate.product,
                }),
              }))}
              data-testid="backtest-contract"
            />
            <Select
              label={t('backtest.year')}
              allowDeselect={false}
              value={yearOfSupply === null ? null : String(yearOfSupply)}
              onChange={(value) => {
                if (value) {
                  edit({
                    [BACKTEST_PARAMS.contractId]: contract.contractId,
                    [BACKTEST_PARAMS.yearOfSupply]: value,
                  });
                }
              }}
              data={[...contract.yearsOfSupply]
                .sort((a, b) => a - b)
                .map((year) => ({ value: String(year), label: String(year) }))}
              data-testid="backtest-year"
            />
          </SimpleGrid>
          <StrategyParametersForm
            key={`${parameters.limitDays}/${parameters.limitShare}`}
            parameters={parameters}
            onChange={changeParameters}
          />
        </Stack>
      </Paper>
      {yearOfSupply !== null && (
        <YearReplay
          customerId={customerId}
          contractId={contract.contractId}
          yearOfSupply={yearOfSupply}
          parameters={parameters}
        />
      )}
    </Stack>
  );
}

function Ranking({ search, edit }: { search: URLSearchParams; edit: Edit }) {
  const t = useT();
  const query = rankingFromSearch(search);
  return (
    <Stack gap="md">
      <Select
        label={t('backtest.parameters.reference')}
        allowDeselect={false}
        value={query.reference}
        onChange={(value) => {
          if (value) edit({ [BACKTEST_PARAMS.reference]: value, [BACKTEST_PARAMS.rankPage]: '' });
        }}
        data={REFERENCE_STRATEGIES.map((strategy) => ({
          value: strategy,
          label: t(strategyKey(strategy)),
        }))}
        maw={{ base: '100%', sm: 320 }}
        data-testid="backtest-ranking-reference"
      />
      <BacktestRanking query={query} onChange={edit} />
    </Stack>
  );
}

/**
 * Was it a good strategy? One contract year's clicks against hedge strategies replayed on the
 * price history (docs/backtest.md), with where the difference comes from; for a user serving
 * several customers also a ranking of those customers. Every choice lives in the address bar.
 */
export function StrategyScreen() {
  const t = useT();
  const session = useSession();
  const { customer } = useSelection();
  const [search, editSearch] = useSearchEdits();
  const edit: Edit = (changes) =>
    editSearch((next) => {
      for (const [param, value] of Object.entries(changes)) {
        if (value === '') next.delete(param);
        else next.set(param, value);
      }
    });
  // Consultants and account managers serve several customers; a customer's user has one company.
  const mayRank = session !== null && session.role !== 'customer';
  const year = customer ? (
    <CustomerStrategy key={customer.id} customerId={customer.id} search={search} edit={edit} />
  ) : (
    <NoCustomer />
  );
  return (
    <Stack data-testid="screen-strategy">
      <Title order={1}>{t('backtest.title')}</Title>
      <Text>{t('backtest.intro')}</Text>
      {mayRank ? (
        <Tabs
          value={viewFromSearch(search)}
          onChange={(value) =>
            edit({ [BACKTEST_PARAMS.view]: value === 'ranking' ? 'ranking' : '' })
          }
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="year" data-testid="backtest-tab-year">
              {t('backtest.tab.year')}
            </Tabs.Tab>
            <Tabs.Tab value="ranking" data-testid="backtest-tab-ranking">
              {t('backtest.tab.ranking')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="year" pt="md">
            {year}
          </Tabs.Panel>
          <Tabs.Panel value="ranking" pt="md">
            <Ranking search={search} edit={edit} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        year
      )}
    </Stack>
  );
}
