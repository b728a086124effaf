import { Stack } from '@mantine/core';
import { DashboardScreen } from '../../features/positions/screens/dashboard-screen';
import { PriceAlertsPanel } from '../../features/price-alerts/components/price-alerts-panel';
import { StandingOrdersPanel } from '../../features/standing-orders/components/standing-orders-panel';
import { HedgeCorridorPanel } from '../../features/hedge-policies/components/hedge-corridor-panel';
import { useCorridorOf } from '../../features/hedge-policies/api/use-corridor-of';
import { useRiskOf } from '../../features/risk/api/use-risk-of';

/**
 * The customer's dashboard with what their plan says about it. Features do not import each other,
 * so the plan's panels (price alerts, standing orders, budget and hedge corridor) meet the
 * positions here; each panel reads the selected customer itself and shows nothing while it has
 * nothing to say. The summary at the top draws each year's hedge corridor from the policies and
 * adds its P95 from the risk figures when they arrive.
 */
export function DashboardRoute() {
  const corridorOf = useCorridorOf();
  const riskOf = useRiskOf();
  return <DashboardScreen plan={<DashboardPlan />} corridorOf={corridorOf} riskOf={riskOf} />;
}

function DashboardPlan() {
  return (
    <Stack gap="sm" data-testid="dashboard-plan">
      <PriceAlertsPanel />
      <StandingOrdersPanel />
      <HedgeCorridorPanel />
    </Stack>
  );
}
