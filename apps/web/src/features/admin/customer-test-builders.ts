import type { CustomerDetail, TermsVersion } from '@klik/api';
import { aCustomerSummary } from './test-builders';

/** A customer as editcustomer loads it: two contracts, one dashboard, one user, default terms. */
export function aCustomerDetail(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    ...aCustomerSummary({ dashboardCount: 1, contractCount: 2, userCount: 1, version: 3 }),
    dashboards: [{ id: 101, name: 'Bakkerij', contractIds: ['K-1001'] }],
    clickLimits: [
      {
        contractId: 'K-1001',
        commodity: 'Power',
        product: 'Stroom vast',
        maxClicksPerYear: null,
        minClickPercentage: '0',
      },
      {
        contractId: 'K-1002',
        commodity: 'Gas',
        product: 'Gas vast',
        maxClicksPerYear: 6,
        minClickPercentage: '5',
      },
    ],
    users: [
      {
        id: 31,
        username: 'jansen',
        name: 'Piet Jansen',
        role: 'customer',
        active: true,
        readOnly: false,
        clickAuthorized: true,
      },
    ],
    terms: { version: 2, publishedAt: '2026-01-10T09:00:00.000Z', own: false },
    ...overrides,
  };
}

export function aTermsVersion(overrides: Partial<TermsVersion> = {}): TermsVersion {
  return {
    version: 2,
    customerId: null,
    bodyNl: 'Standaardvoorwaarden',
    bodyEn: 'Default terms',
    publishedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}
