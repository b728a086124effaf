import { Alert, Button, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Commodity } from '@klik/domain';
import { useParams } from 'react-router';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useSession } from '../../../shared/session/use-session';
import { useNow } from '../../../shared/time/use-now';
import { useContracts } from '../api/get-contracts';
import { useSummaries } from '../api/get-summaries';
import { useLoadingFlags } from '../api/loading-flags';
import type { PositionsSource } from '../api/positions-source';
import { useLivePositions } from '../api/use-live-positions';
import { CommoditySwitch } from '../components/commodity-switch';
import { ContractCard } from '../components/contract-card';
import { DashboardSummary, type CorridorOf, type RiskOf } from '../components/dashboard-summary';
import { PauseBanner } from '../components/pause-banner';
import { commodityFromRoute, filterByCommodity } from '../derive/commodity-filter';

function NotFound() {
  const t = useT();
  return (
    <Stack data-testid="dashboard-notfound">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.body')}</Text>
    </Stack>
  );
}

function Positions({
  source,
  commodity,
  readOnly,
}: {
  source: PositionsSource;
  commodity: Commodity | null;
  readOnly: boolean;
}) {
  const t = useT();
  const contracts = useContracts(source);
  const summaries = useSummaries(source);
  const flags = useLoadingFlags();
  const loading = flags[source.kind][source.id] === true;
  useLivePositions(source);
  // The contracts draw thousands of elements. Drawn from a deferred value, React renders them
  // in slices between which the browser stays responsive (docs/performance.md), instead of one
  // long task when the answer arrives; a price tick is drawn the same way. Whether they are the
  // stored copy goes with them, so the notice of it leaves with the stored cards, not before.
  const current = useMemo(
    () => ({ data: contracts.data, stored: contracts.isPlaceholderData }),
    [contracts.data, contracts.isPlaceholderData],
  );
  const shownContracts = useDeferredValue(current, null);
  const data = shownContracts?.data;
  // The summaries reach every card; deferred for the same reason.
  const summaryList = useDeferredValue(summaries.data);

  if (contracts.isError) {
    return (
      <Alert
        color="red"
        role="alert"
        title={t('positions.error.title')}
        data-testid="positions-error"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('positions.error.body')}</Text>
          <Button variant="light" color="red" onClick={() => void contracts.refetch()}>
            {t('app.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (!data) {
    return (
      <Stack data-testid="positions-loading" aria-busy="true">
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t('positions.loading')}</Text>
        </Group>
        <Skeleton height={48} />
        <Skeleton height={320} />
      </Stack>
    );
  }

  const shown = filterByCommodity(data, commodity);
  const summaryOf = (contractId: string) =>
    summaryList?.find((summary) => summary.contractId === contractId) ?? null;

  return (
    <Stack gap="lg" data-testid="positions" aria-busy={loading}>
      {shownContracts?.stored && (
        <Alert color="blue" role="status" data-testid="positions-cached">
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('positions.cached')}</Text>
          </Group>
        </Alert>
      )}
      {!shownContracts?.stored && loading && (
        <Group gap="xs" role="status" data-testid="positions-reloading">
          <Loader size="xs" />
          <Text size="sm">{t('positions.loading')}</Text>
        </Group>
      )}
      {summaries.isError && (
        <Alert color="orange" role="alert" data-testid="summaries-error">
          <Group gap="sm">
            <Text size="sm">{t('positions.summary.failed')}</Text>
            <Button variant="default" size="xs" onClick={() => void summaries.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {shown.length === 0 ? (
        <Text data-testid="positions-empty">
          {commodity === null
            ? t('positions.empty')
            : t('positions.emptyFiltered', {
                commodity: t(
                  commodity === 'Power' ? 'positions.filter.power' : 'positions.filter.gas',
                ),
              })}
        </Text>
      ) : (
        shown.map((contract, index) => (
          <ContractCard
            key={contract.contractId}
            contract={contract}
            summary={summaryOf(contract.contractId)}
            readOnly={readOnly}
            source={source}
            eager={index === 0}
          />
        ))
      )}
    </Stack>
  );
}

// Deadlines count in days, so a minute is fine enough for the days left and a year passing.
const SUMMARY_CLOCK_MS = 60_000;

/** The summary strip over the same contracts as the positions below it, by the commodity filter. */
function Summary({
  source,
  commodity,
  corridorOf,
  riskOf,
}: {
  source: PositionsSource;
  commodity: Commodity | null;
  corridorOf?: CorridorOf;
  riskOf?: RiskOf;
}) {
  const contracts = useContracts(source);
  const now = useNow(SUMMARY_CLOCK_MS);
  // Deferred like the positions below, and for the same reason.
  const data = useDeferredValue(contracts.data);
  const shown = useMemo(() => data && filterByCommodity(data, commodity), [data, commodity]);
  // A failed load is said once, by the positions below.
  if (contracts.isError) return null;
  return <DashboardSummary contracts={shown} now={now} corridorOf={corridorOf} riskOf={riskOf} />;
}

/**
 * The customer's positions per contract and year, for the selected dashboard (spec section 2),
 * under a summary per commodity and year.
 *
 * `plan`: what the customer's plan says about these positions (price alerts, standing orders,
 * budget and hedge corridor), `corridorOf`: the hedge corridor of a commodity's year for the
 * summary, and `riskOf`: its P95 and cost-at-risk; all composed by the app from those features
 * (app/routes/dashboard-route.tsx).
 */
export function DashboardScreen({
  plan,
  corridorOf,
  riskOf,
}: {
  plan?: ReactNode;
  corridorOf?: CorridorOf;
  riskOf?: RiskOf;
}) {
  const session = useSession();
  const commodity = commodityFromRoute(useParams().commodity);
  if (!session) return null;
  if (commodity === 'unknown') return <NotFound />;

  return (
    <Dashboard
      plan={plan}
      corridorOf={corridorOf}
      riskOf={riskOf}
      commodity={commodity}
      readOnly={session.readOnly}
    />
  );
}

function Dashboard({
  plan,
  corridorOf,
  riskOf,
  commodity,
  readOnly,
}: {
  plan?: ReactNode;
  corridorOf?: CorridorOf;
  riskOf?: RiskOf;
  commodity: Commodity | null;
  readOnly: boolean;
}) {
  const t = useT();
  const { customer, dashboard } = useSelection();
  // A customer without dashboards still has contracts: they are shown for the customer. One
  // object per selection, so a contract card that did not change is not drawn again.
  const dashboardId = dashboard?.id;
  const customerId = customer?.id;
  const source = useMemo<PositionsSource | null>(
    () =>
      dashboardId !== undefined
        ? { kind: 'dashboard', id: dashboardId }
        : customerId !== undefined
          ? { kind: 'customer', id: customerId }
          : null,
    [dashboardId, customerId],
  );

  return (
    <Stack data-testid="screen-dashboard">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('dashboard.title')}</Title>
          <Text data-testid="dashboard-selection">
            {customer && dashboard
              ? t('dashboard.selection', { customer: customer.name, dashboard: dashboard.name })
              : customer
                ? t('dashboard.customerOnly', { customer: customer.name })
                : t('dashboard.noSelection')}
          </Text>
        </Stack>
        <CommoditySwitch current={commodity} />
      </Group>
      <PauseBanner />
      {source && (
        <Summary
          key={`summary-${source.kind}-${source.id}`}
          source={source}
          commodity={commodity}
          corridorOf={corridorOf}
          riskOf={riskOf}
        />
      )}
      {plan}
      {source && (
        <Positions
          key={`${source.kind}-${source.id}`}
          source={source}
          commodity={commodity}
          readOnly={readOnly}
        />
      )}
    </Stack>
  );
}
