import userEvent from '@testing-library/user-event';
import type { AdminUser, CustomerList, CustomerSummary, UserList, UserSession } from '@klik/api';
import { startSession } from '../../shared/session/session-store';
import { aUserSession } from '../../test/builders';
import { watched, type FakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 31,
    username: 'jansen',
    name: 'Piet Jansen',
    email: 'piet@jansen.nl',
    mobile: '+31612345678',
    locale: 'nl',
    role: 'customer',
    readOnly: false,
    clickAuthorized: true,
    allowTPIPage: false,
    manageUsers: false,
    active: true,
    mustChangePassword: false,
    customers: [
      {
        customerId: 11,
        customerName: 'Bakkerij Jansen',
        customerActive: true,
        readOnly: false,
        clickAuthorized: true,
      },
    ],
    createdAt: '2026-01-05T09:00:00.000Z',
    version: 3,
    ...overrides,
  };
}

export function aUserPage(users: AdminUser[], overrides: Partial<UserList> = {}): UserList {
  return { data: users, page: 0, size: 20, total: users.length, ...overrides };
}

export const anAdminSession = (overrides: Parameters<typeof aUserSession>[0] = {}) =>
  aUserSession({
    token: 'token-of-admin',
    username: 'beheer',
    role: 'admin',
    name: 'Anna Beheer',
    allowedCustomers: [],
    ...overrides,
  });

/**
 * Signs the session in and renders the portal at `path` on the fake server; `callsTo` lists the
 * addresses (query included) the page asked of one path.
 */
export function openWatched(fake: FakeServer, path: string, session: UserSession) {
  const { server, urls } = watched(fake);
  startSession(session);
  const app = renderApp(server, path);
  const callsTo = (pathname: string) =>
    urls.filter((url) => new URL(url, 'http://x').pathname === pathname);
  return { app, urls, callsTo, user: userEvent.setup() };
}

export function aCustomerSummary(overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    id: 11,
    name: 'Bakkerij Jansen',
    active: true,
    requireSms: false,
    requireApproval: false,
    dashboardCount: 2,
    contractCount: 3,
    userCount: 4,
    createdAt: '2025-12-01T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** A page of customers as GET customers answers it, e.g. a search. */
export function aCustomerPage(customers: CustomerSummary[]): CustomerList {
  return { data: customers, page: 0, size: 100, total: customers.length };
}
