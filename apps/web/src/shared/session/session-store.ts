import type { Customer, Dashboard, UserSession } from '@klik/api';
import { localJsonStorage, sessionJsonStorage } from '../storage/browser-storage';
import { POSITIONS_DATA_PREFIXES, STORAGE_KEYS } from '../storage/storage-keys';
import { createStoredValue } from '../storage/stored-value';

import {
  customerCheck,
  dashboardCheck,
  storedSessionCheck,
  type StoredSession,
} from './session-check';

export type { StoredSession };

export const sessionValue = createStoredValue(
  sessionJsonStorage,
  STORAGE_KEYS.session,
  storedSessionCheck,
);
export const selectedCustomerValue = createStoredValue(
  sessionJsonStorage,
  STORAGE_KEYS.selectedCustomer,
  customerCheck,
);
export const selectedDashboardValue = createStoredValue(
  sessionJsonStorage,
  STORAGE_KEYS.selectedDashboard,
  dashboardCheck,
);

export function readSession(): StoredSession | null {
  return sessionValue.get();
}

function saveSession(session: UserSession, now: Date): void {
  sessionValue.set({ ...session, lastRefresh: now.toISOString() });
}

/** Guards call this on every pass (spec section 6). */
export function refreshLastRefresh(now: Date = new Date()): void {
  const session = sessionValue.get();
  if (session) sessionValue.set({ ...session, lastRefresh: now.toISOString() });
}

/** Selecting a customer selects its first dashboard (spec section 3). */
export function selectCustomer(customer: Customer): void {
  selectedCustomerValue.set(customer);
  const [firstDashboard] = customer.dashboards;
  if (firstDashboard) selectedDashboardValue.set(firstDashboard);
  else selectedDashboardValue.remove();
}

export function selectDashboard(dashboard: Dashboard): void {
  selectedDashboardValue.set(dashboard);
}

/**
 * The user's choice in the customer selector. Choosing the customer already selected changes
 * nothing (spec section 4: reload only when the id changed), so its dashboard choice stays.
 */
export function chooseCustomer(customer: Customer): boolean {
  if (selectedCustomerValue.get()?.id === customer.id) return false;
  selectCustomer(customer);
  return true;
}

/** The user's choice in the dashboard selector; the same dashboard again changes nothing. */
export function chooseDashboard(dashboard: Dashboard): boolean {
  if (selectedDashboardValue.get()?.id === dashboard.id) return false;
  selectDashboard(dashboard);
  return true;
}

function selectFirstAllowedCustomer(session: UserSession): void {
  const [firstCustomer] = session.allowedCustomers;
  if (firstCustomer) {
    selectCustomer(firstCustomer);
  } else {
    selectedCustomerValue.remove();
    selectedDashboardValue.remove();
  }
}

/** Positions data of an earlier session must not leak into the new one. */
export function clearPositionsData(): void {
  for (const key of localJsonStorage.keys()) {
    if (POSITIONS_DATA_PREFIXES.some((prefix) => key.startsWith(prefix))) {
      localJsonStorage.remove(key);
    }
  }
  for (const key of sessionJsonStorage.keys()) {
    if (POSITIONS_DATA_PREFIXES.some((prefix) => key.startsWith(prefix))) {
      sessionJsonStorage.remove(key);
    }
  }
}

/** After login: positions data cleared, session stored, first customer and dashboard selected. */
export function startSession(session: UserSession, now: Date = new Date()): void {
  clearPositionsData();
  saveSession(session, now);
  selectFirstAllowedCustomer(session);
}

/** After login-as: session replaced, notification data cleared, first customer selected. */
export function replaceSession(session: UserSession, now: Date = new Date()): void {
  saveSession(session, now);
  sessionJsonStorage.remove(STORAGE_KEYS.notificationData);
  selectFirstAllowedCustomer(session);
}

/** Removes the local session; the caller informs the server afterwards. */
export function clearLocalSession(): StoredSession | null {
  const session = sessionValue.get();
  sessionValue.remove();
  selectedCustomerValue.remove();
  selectedDashboardValue.remove();
  sessionJsonStorage.remove(STORAGE_KEYS.notificationData);
  return session;
}
