import { useSyncExternalStore } from 'react';
import type { Customer, Dashboard } from '@klik/api';
import { selectedCustomerValue, selectedDashboardValue } from './session-store';

export function useSelection(): { customer: Customer | null; dashboard: Dashboard | null } {
  const customer = useSyncExternalStore(selectedCustomerValue.subscribe, selectedCustomerValue.get);
  const dashboard = useSyncExternalStore(
    selectedDashboardValue.subscribe,
    selectedDashboardValue.get,
  );
  return { customer, dashboard };
}
