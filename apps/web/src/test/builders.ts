import type { Account, Customer, EnvironmentSettings, UserSession } from '@klik/api';

export function aCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 11,
    name: 'Bakkerij Jansen',
    dashboards: [
      { id: 101, name: 'Hoofdvestiging' },
      { id: 102, name: 'Filialen' },
    ],
    ...overrides,
  };
}

export function aUserSession(overrides: Partial<UserSession> = {}): UserSession {
  return {
    token: 'token-of-customer',
    username: 'jansen',
    role: 'customer',
    name: 'Piet Jansen',
    locale: 'nl',
    readOnly: false,
    allowTPIPage: false,
    allowedCustomers: [
      aCustomer(),
      aCustomer({ id: 12, name: 'Jansen Logistiek', dashboards: [{ id: 201, name: 'Depot' }] }),
    ],
    impersonatedBy: null,
    ...overrides,
  };
}

export function anEnvironment(overrides: Partial<EnvironmentSettings> = {}): EnvironmentSettings {
  return {
    production: true,
    backendUrl: '',
    notificationBackendUrl: '/rest',
    websocketUrl: 'ws://localhost:3000/ws',
    stylesheetUrl: null,
    locale: 'nl',
    currency: 'EUR',
    currencySymbol: '€',
    title: 'Klik Energie',
    favicon: '/favicon.svg',
    translations: {},
    displayDisclaimer: true,
    displayHelp: true,
    isDebugMode: false,
    ssourl: null,
    ...overrides,
  };
}

export function anAccount(overrides: Partial<Account> = {}): Account {
  return {
    username: 'jansen',
    name: 'Piet Jansen',
    email: 'piet@jansen.nl',
    role: 'customer',
    locale: 'nl',
    mobile: null,
    pendingMobile: null,
    mayChangeMobile: true,
    totp: 'off',
    ...overrides,
  };
}
