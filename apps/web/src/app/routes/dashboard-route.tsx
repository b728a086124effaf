import { Stack } from '@mantine/core';
import { DashboardScreen } from '../../features/positions/screens/dashboard-screen';
import { PriceAlertsPanel } from '../../features/price-alerts/components/price-alerts-panel';
import { StandingOrdersPanel } from '../../features/standing-orders/components/standing-orders-panel';
import { HedgeCorridorPanel } from '../../features/hedge-policies/components/hedge-corridor-panel';
import { useCorridorOf } from '../../features/hedge-policies/api/use-corridor-of';

/**
 * The customer's dashboard with what their plan says about it. Features do not import each other,
 * so the plan's panels (price alerts, standing orders, budget and hedge corridor) meet the
 * positions here; each panel reads the selected customer itself and shows nothing while it has
 * nothing to say. The summary at the top draws each year's hedge corridor from the policies.
 */
export function DashboardRoute() {
  const corridorOf = useCorridorOf();
  return <DashboardScreen plan={<DashboardPlan />} corridorOf={corridorOf} />;
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
