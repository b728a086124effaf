import { describe, expect, it } from 'vitest';
import { aCustomer, aUserSession } from '../../test/builders';
import {
  clearLocalSession,
  readSession,
  refreshLastRefresh,
  replaceSession,
  selectCustomer,
  selectedCustomerValue,
  selectedDashboardValue,
  startSession,
} from './session-store';

describe('session store', () => {
  it('keeps the session in session storage under "session" with lastRefresh set to now', () => {
    const now = new Date('2026-11-20T10:15:00.000Z');
    startSession(aUserSession(), now);
    const stored = JSON.parse(window.sessionStorage.getItem('session') ?? 'null') as unknown;
    expect(stored).toMatchObject({ token: 'token-of-customer', lastRefresh: now.toISOString() });
    expect(readSession()?.name).toBe('Piet Jansen');
  });

  it('clears positions data after login and keeps everything else', () => {
    window.localStorage.setItem('position_77', '{}');
    window.localStorage.setItem('clicks_77', '[]');
    window.localStorage.setItem('summaryC_11', '{}');
    window.localStorage.setItem('summaryD_101', '{}');
    window.sessionStorage.setItem('position_78', '{}');
    window.localStorage.setItem('tpi_data_11', '{}');
    window.sessionStorage.setItem('locale', '"en"');
    startSession(aUserSession());
    expect(window.localStorage.getItem('position_77')).toBeNull();
    expect(window.localStorage.getItem('clicks_77')).toBeNull();
    expect(window.localStorage.getItem('summaryC_11')).toBeNull();
    expect(window.localStorage.getItem('summaryD_101')).toBeNull();
    expect(window.sessionStorage.getItem('position_78')).toBeNull();
    expect(window.localStorage.getItem('tpi_data_11')).toBe('{}');
    expect(window.sessionStorage.getItem('locale')).toBe('"en"');
  });

  it('selects the first allowed customer and its first dashboard after login', () => {
    startSession(aUserSession());
    expect(selectedCustomerValue.get()?.id).toBe(11);
    expect(selectedDashboardValue.get()?.id).toBe(101);
  });

  it('selects nothing for a user without customers', () => {
    selectCustomer(aCustomer());
    startSession(aUserSession({ role: 'admin', allowedCustomers: [] }));
    expect(selectedCustomerValue.get()).toBeNull();
    expect(selectedDashboardValue.get()).toBeNull();
  });

  it('selecting a customer selects its first dashboard', () => {
    selectCustomer(aCustomer({ id: 12, dashboards: [{ id: 201, name: 'Depot' }] }));
    expect(selectedDashboardValue.get()?.id).toBe(201);
    selectCustomer(aCustomer({ id: 13, dashboards: [] }));
    expect(selectedDashboardValue.get()).toBeNull();
  });

  it('login-as replaces the session, clears notification data and selects the first customer', () => {
    startSession(aUserSession({ role: 'admin', token: 'admin-token', allowedCustomers: [] }));
    window.sessionStorage.setItem('notificationData', '{"unread":3}');
    replaceSession(
      aUserSession({
        token: 'impersonated',
        impersonatedBy: 'admin',
        allowedCustomers: [aCustomer()],
      }),
    );
    expect(readSession()?.token).toBe('impersonated');
    expect(window.sessionStorage.getItem('notificationData')).toBeNull();
    expect(selectedCustomerValue.get()?.id).toBe(11);
    expect(selectedDashboardValue.get()?.id).toBe(101);
  });

  it('refreshes lastRefresh of the stored session', () => {
    startSession(aUserSession(), new Date('2026-11-20T10:00:00.000Z'));
    refreshLastRefresh(new Date('2026-11-20T11:30:00.000Z'));
    expect(readSession()?.lastRefresh).toBe('2026-11-20T11:30:00.000Z');
  });

  it('removing the local session answers the session that was there', () => {
    startSession(aUserSession());
    expect(clearLocalSession()?.token).toBe('token-of-customer');
    expect(window.sessionStorage.getItem('session')).toBeNull();
    expect(window.sessionStorage.getItem('selectedCustomer')).toBeNull();
    expect(clearLocalSession()).toBeNull();
  });

  it('treats a stored session that does not match the contract as no session', () => {
    window.sessionStorage.setItem('session', JSON.stringify({ token: 'x', role: 'pirate' }));
    expect(readSession()).toBeNull();
  });
});
