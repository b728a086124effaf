import userEvent from '@testing-library/user-event';
import { ADMIN_PATHS, type CustomerDetail, type UserSession, pathTo } from '@klik/api';
import { startSession } from '../../shared/session/session-store';
import { createFakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { aCustomerDetail, aTermsVersion } from './customer-test-builders';

/** editcustomer of one customer, whose version on the server a test can move on. */
export function openCustomer(
  session: UserSession,
  customer: CustomerDetail = aCustomerDetail(),
  env: { locale?: 'nl' | 'en' } = {},
) {
  const server = createFakeServer({ env });
  let current = customer;
  server.on('GET', pathTo(ADMIN_PATHS.customer, { customerId: customer.id }), () => ({
    status: 200,
    body: current,
  }));
  server.on('GET', pathTo(ADMIN_PATHS.customerTerms, { customerId: customer.id }), () => ({
    status: 200,
    body: { data: [aTermsVersion()] },
  }));
  startSession(session);
  const app = renderApp(server, `/editcustomer/${customer.id}`);
  return {
    server,
    app,
    user: userEvent.setup(),
    /** Someone else saves a newer version on the server. */
    changeOnServer(change: Partial<CustomerDetail>) {
      current = { ...current, ...change, version: current.version + 1 };
    },
  };
}

export { sentBody } from '../../test/fake-server';
