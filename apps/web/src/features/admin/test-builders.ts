import type { AdminUser, CustomerList, CustomerSummary, UserList } from '@klik/api';
import { aUserSession } from '../../test/builders';
import type { FakeServer } from '../../test/fake-server';

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

/** The fake server, with every requested address (query included) kept. */
export function watched(server: FakeServer) {
  const urls: string[] = [];
  return {
    server: {
      ...server,
      fetch: ((input, init) => {
        urls.push(String(input));
        return server.fetch(input, init);
      }) as typeof fetch,
    },
    urls,
  };
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
