import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, type UserSession, pathTo } from '@klik/api';
import { aUserSession } from '../../../test/builders';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer, sentBody } from '../../../test/fake-server';
import { screen } from '../../../test/render-app';
import { aCustomerDetail, aTermsVersion } from '../customer-test-builders';
import { aCustomerSummary, anAdminSession, openWatched } from '../test-builders';

// Whole-portal renders with Mantine tables are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const aPage = (total: number, size = 20) => ({
  data: Array.from({ length: Math.min(total, size) }, (_, index) =>
    aCustomerSummary({ id: 100 + index, name: `Klant ${index}` }),
  ),
  page: 0,
  size,
  total,
});

function open(
  path: string,
  session: UserSession,
  answer: () => { status: number; body?: unknown } = () => ({ status: 200, body: aPage(2) }),
) {
  const fake = createFakeServer({});
  fake.on('GET', ADMIN_PATHS.customers, answer);
  const { app, callsTo, user } = openWatched(fake, path, session);
  return { fake, app, listCalls: () => callsTo(ADMIN_PATHS.customers), user };
}

describe('managecustomers', () => {
  it('lists the customers the server answers, each linking to its editcustomer', async () => {
    const { user, app, fake } = open('/managecustomers', anAdminSession(), () => ({
      status: 200,
      body: {
        data: [
          aCustomerSummary(),
          aCustomerSummary({ id: 12, name: 'Jansen Logistiek', active: false, requireSms: true }),
        ],
        page: 0,
        size: 20,
        total: 2,
      },
    }));
    fake.on('GET', pathTo(ADMIN_PATHS.customer, { customerId: 12 }), () => ({
      status: 200,
      body: aCustomerDetail({ id: 12, name: 'Jansen Logistiek' }),
    }));
    fake.on('GET', pathTo(ADMIN_PATHS.customerTerms, { customerId: 12 }), () => ({
      status: 200,
      body: { data: [] },
    }));
    const table = await screen.findByTestId('customer-table');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByTestId('customer-status-12')).toHaveTextContent('Gedeactiveerd');
    expect(screen.getByTestId('customers-count')).toHaveTextContent('1–2 van 2 klanten');
    await user.click(within(table).getByRole('link', { name: 'Jansen Logistiek' }));
    await waitFor(() => expect(app.location()).toBe('/editcustomer/12'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Jansen Logistiek' }),
    ).toBeVisible();
  });

  it('searches, filters, sorts and pages through the server and the address bar', async () => {
    const { user, app, listCalls } = open('/managecustomers', anAdminSession(), () => ({
      status: 200,
      body: aPage(45),
    }));
    await screen.findByTestId('customer-table');
    expect(listCalls().at(-1)).toBe(ADMIN_PATHS.customers);

    await user.selectOptions(screen.getByTestId('customer-filter-active'), 'false');
    await waitFor(() => expect(app.location()).toBe('/managecustomers?active=false'));
    await user.click(screen.getByRole('button', { name: 'Sorteren op Aangemaakt' }));
    await waitFor(() =>
      expect(app.location()).toBe('/managecustomers?active=false&sort=createdAt'),
    );
    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe(
        `${ADMIN_PATHS.customers}?active=false&sort=createdAt&page=2`,
      ),
    );
    // A new search (a name or an id) starts at the first page.
    await user.type(screen.getByRole('searchbox', { name: /Zoeken/ }), '1042{Enter}');
    await waitFor(() =>
      expect(app.location()).toBe('/managecustomers?active=false&sort=createdAt&q=1042'),
    );
    await user.click(screen.getByTestId('customer-filter-reset'));
    await waitFor(() => expect(app.location()).toBe('/managecustomers'));
  });

  it('reads a bookmarked list, ignoring only a field the server would refuse', async () => {
    const { listCalls } = open(
      '/managecustomers?active=maybe&q=bakker&sort=-name',
      anAdminSession(),
      () => ({
        status: 200,
        body: aPage(0),
      }),
    );
    expect(await screen.findByTestId('customers-empty')).toHaveTextContent(
      'Geen klanten gevonden met deze filters.',
    );
    expect(listCalls().at(-1)).toBe(`${ADMIN_PATHS.customers}?q=bakker&sort=-name`);
  });

  it('says so when the list cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const { user } = open('/managecustomers', anAdminSession(), () =>
      fail
        ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } }
        : { status: 200, body: aPage(1) },
    );
    const alert = await screen.findByTestId('customers-error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('customer-table')).toBeVisible();
  });

  it('creates a customer with its first dashboards and opens its editcustomer', async () => {
    const { user, app, fake } = open('/managecustomers', anAdminSession());
    fake.on('POST', ADMIN_PATHS.customers, ({ body }) => {
      const sent = JSON.parse(body ?? '{}') as { name: string };
      return sent.name === 'Bakkerij Jansen'
        ? { status: 409, body: { code: 'CUSTOMER_NAME_NOT_UNIQUE', message: 'exists' } }
        : { status: 201, body: aCustomerDetail({ id: 77, name: sent.name, version: 1 }) };
    });
    fake.on('GET', pathTo(ADMIN_PATHS.customer, { customerId: 77 }), () => ({
      status: 200,
      body: aCustomerDetail({ id: 77, name: 'Brouwerij De Klok', version: 1 }),
    }));
    fake.on('GET', pathTo(ADMIN_PATHS.customerTerms, { customerId: 77 }), () => ({
      status: 200,
      body: { data: [aTermsVersion()] },
    }));
    await user.click(await screen.findByRole('button', { name: 'Nieuwe klant' }));
    const form = screen.getByRole('form', { name: 'Nieuwe klant' });
    await user.click(within(form).getByRole('button', { name: 'Klant aanmaken' }));
    expect(await within(form).findByText('Naam is verplicht')).toBeVisible();
    await waitFor(() => expect(within(form).getByLabelText(/Naam van de klant/)).toHaveFocus());
    expect(fake.callsTo('POST', ADMIN_PATHS.customers)).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Naam van de klant/), 'Bakkerij Jansen');
    await user.click(within(form).getByLabelText('Vier-ogenprincipe'));
    await user.type(within(form).getByLabelText('Naam dashboard 1'), 'Brouwerij');
    await user.click(within(form).getByRole('button', { name: 'Nog een dashboard' }));
    await user.type(within(form).getByLabelText('Naam dashboard 2'), 'Proeflokaal');
    await user.click(within(form).getByRole('button', { name: 'Klant aanmaken' }));
    expect(await within(form).findByText('Er bestaat al een klant met deze naam.')).toBeVisible();

    await user.clear(within(form).getByLabelText(/Naam van de klant/));
    await user.type(within(form).getByLabelText(/Naam van de klant/), 'Brouwerij De Klok');
    await user.click(within(form).getByRole('button', { name: 'Klant aanmaken' }));
    await waitFor(() => expect(app.location()).toBe('/editcustomer/77'));
    expect(await screen.findByTestId('customer-created')).toBeVisible();
    expect(sentBody(fake, 'POST', ADMIN_PATHS.customers)).toEqual({
      name: 'Brouwerij De Klok',
      requireSms: false,
      requireApproval: true,
      dashboards: ['Brouwerij', 'Proeflokaal'],
    });
  });

  it('is axe-clean, the list and with the new-customer form open', async () => {
    const { user } = open('/managecustomers', anAdminSession());
    await screen.findByTestId('customer-table');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Nieuwe klant' }));
    expect(screen.getByRole('form', { name: 'Nieuwe klant' })).toBeVisible();
    await expectNoAxeViolations();
  });

  it('offers a read-only account manager no new customer; their portfolio is what the server lists', async () => {
    open('/managecustomers', aUserSession({ role: 'accountmanager', readOnly: true }));
    expect(await screen.findByTestId('customer-table')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Nieuwe klant' })).toBeNull();
  });

  it('is not open to customer users', async () => {
    const { app } = open('/managecustomers', aUserSession());
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });
});
