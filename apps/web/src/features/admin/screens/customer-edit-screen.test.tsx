import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, pathTo } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';
import { aCustomerDetail } from '../customer-test-builders';
import { openCustomer, sentBody } from '../customer-test-kit';
import { anAdminSession } from '../test-builders';

vi.setConfig({ testTimeout: 20_000 });

const settings = () => screen.findByRole('form', { name: 'Naam en klikinstellingen' });

describe('editcustomer: name and click settings', () => {
  it('saves the name, SMS, four-eyes and the changed click limits on the version read', async () => {
    const { user, server } = openCustomer(anAdminSession());
    server.on('PUT', pathTo(ADMIN_PATHS.customer, { customerId: 11 }), () => ({
      status: 200,
      body: aCustomerDetail({ name: 'Bakkerij Jansen B.V.', requireSms: true, version: 4 }),
    }));
    const form = await settings();
    const name = within(form).getByLabelText(/Naam van de klant/);
    await user.clear(name);
    await user.type(name, 'Bakkerij Jansen B.V.');
    await user.click(within(form).getByLabelText(/Sms-code verplicht/));
    await user.type(within(form).getByLabelText('Hoogstens klikken per jaar voor K-1001'), '4');
    const smallest = within(form).getByLabelText('Kleinste klik in procenten voor K-1001');
    await user.clear(smallest);
    await user.type(smallest, '12.5');
    await user.click(within(form).getByRole('button', { name: 'Klant opslaan' }));
    expect(await within(form).findByTestId('settings-saved')).toHaveTextContent('opgeslagen');
    // Only the contract whose limits changed is sent.
    expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.customer, { customerId: 11 }))).toEqual({
      version: 3,
      name: 'Bakkerij Jansen B.V.',
      requireSms: true,
      requireApproval: false,
      allowTotp: false,
      ssoLinkByEmail: false,
      clickLimits: [{ contractId: 'K-1001', maxClicksPerYear: 4, minClickPercentage: '12.5' }],
    });
  });

  it('sends linking by verified e-mail at the first single sign-on as ticked', async () => {
    const { user, server } = openCustomer(
      anAdminSession(),
      aCustomerDetail({ ssoLinkByEmail: false }),
    );
    server.on('PUT', pathTo(ADMIN_PATHS.customer, { customerId: 11 }), () => ({
      status: 200,
      body: aCustomerDetail({ ssoLinkByEmail: true, version: 4 }),
    }));
    const form = await settings();
    const link = within(form).getByLabelText('Koppelen aan single sign-on via e-mailadres');
    expect(link).not.toBeChecked();
    await user.click(link);
    await user.click(within(form).getByRole('button', { name: 'Klant opslaan' }));
    expect(await within(form).findByTestId('settings-saved')).toBeVisible();
    expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.customer, { customerId: 11 }))).toMatchObject(
      {
        version: 3,
        ssoLinkByEmail: true,
        clickLimits: [],
      },
    );
    expect(link).toBeChecked();
  });

  it('sends whether a code from an authenticator app may replace the SMS code', async () => {
    const { user, server } = openCustomer(anAdminSession(), aCustomerDetail({ allowTotp: false }));
    server.on('PUT', pathTo(ADMIN_PATHS.customer, { customerId: 11 }), () => ({
      status: 200,
      body: aCustomerDetail({ allowTotp: true, version: 4 }),
    }));
    const form = await settings();
    await user.click(
      within(form).getByLabelText('Code uit een authenticator-app in plaats van sms-code'),
    );
    await user.click(within(form).getByRole('button', { name: 'Klant opslaan' }));
    expect(await within(form).findByTestId('settings-saved')).toBeVisible();
    expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.customer, { customerId: 11 }))).toMatchObject(
      {
        allowTotp: true,
        ssoLinkByEmail: false,
      },
    );
  });

  it('shows a bad click limit beside its field and sends nothing (spec section 5)', async () => {
    const { user, server } = openCustomer(anAdminSession());
    const form = await settings();
    const smallest = within(form).getByLabelText('Kleinste klik in procenten voor K-1002');
    await user.clear(smallest);
    await user.type(smallest, '12.345');
    await user.type(within(form).getByLabelText('Hoogstens klikken per jaar voor K-1001'), '0');
    await user.clear(within(form).getByLabelText(/Naam van de klant/));
    await user.click(within(form).getByRole('button', { name: 'Klant opslaan' }));
    expect(await within(form).findByText('Naam is verplicht')).toBeVisible();
    expect(
      within(form).getByText(
        'Ongeldig percentage: van 0 tot en met 100, met hoogstens 2 decimalen',
      ),
    ).toBeVisible();
    expect(
      within(form).getByText('Een heel getal van 1 tot en met 10000, of leeg voor geen limiet'),
    ).toBeVisible();
    expect(smallest).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(form).getByLabelText(/Naam van de klant/)).toHaveFocus());

    await user.clear(smallest);
    await user.click(within(form).getByRole('button', { name: 'Klant opslaan' }));
    expect(await within(form).findByText('Percentage is verplicht')).toBeVisible();
    expect(server.callsTo('PUT', pathTo(ADMIN_PATHS.customer, { customerId: 11 }))).toHaveLength(0);
  });

  it('on a stale version says someone else changed the customer, keeps the input and saves after a reload', async () => {
    const { user, server, changeOnServer } = openCustomer(anAdminSession());
    server.on('PUT', pathTo(ADMIN_PATHS.customer, { customerId: 11 }), ({ body }) => {
      const sent = JSON.parse(body ?? '{}') as { version: number };
      return sent.version === 3
        ? { status: 409, body: { code: 'VERSION_CONFLICT', message: 'stale', details: {} } }
        : {
            status: 200,
            body: aCustomerDetail({ name: 'Jansen & Co', version: sent.version + 1 }),
          };
    });
    const form = await settings();
    const name = within(form).getByLabelText(/Naam van de klant/);
    await user.clear(name);
    await user.type(name, 'Jansen & Co');
    changeOnServer({ requireApproval: true });
    await user.click(within(form).getByRole('button', { name: 'Klant opslaan' }));
    const conflict = await within(form).findByTestId('version-conflict');
    expect(conflict).toHaveTextContent('Iemand anders heeft deze klant intussen gewijzigd');
    expect(name).toHaveValue('Jansen & Co');

    await user.click(within(conflict).getByRole('button', { name: /mijn invoer houden/ }));
    expect(await screen.findByTestId('customer-reloaded')).toBeVisible();
    expect(name).toHaveValue('Jansen & Co');
    await user.click(within(form).getByRole('button', { name: 'Klant opslaan' }));
    expect(await within(form).findByTestId('settings-saved')).toBeVisible();
    expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.customer, { customerId: 11 }))).toMatchObject(
      {
        version: 4,
        name: 'Jansen & Co',
      },
    );
  });

  it('shows a name that another customer has at the field, in English too', async () => {
    const { user, server } = openCustomer(
      aUserSession({ role: 'admin', locale: 'en', allowedCustomers: [] }),
      aCustomerDetail(),
      { locale: 'en' },
    );
    server.on('PUT', pathTo(ADMIN_PATHS.customer, { customerId: 11 }), () => ({
      status: 409,
      body: { code: 'CUSTOMER_NAME_NOT_UNIQUE', message: 'exists' },
    }));
    const form = await screen.findByRole('form', { name: 'Name and click settings' });
    await user.click(within(form).getByRole('button', { name: 'Save customer' }));
    expect(
      await within(form).findByText('A customer with this name already exists.'),
    ).toBeVisible();
    expect(within(form).getByLabelText(/Customer name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('deactivates after a confirmation that says what follows', async () => {
    const { user, server } = openCustomer(anAdminSession());
    server.on('PUT', pathTo(ADMIN_PATHS.customerActive, { customerId: 11 }), () => ({
      status: 200,
      body: aCustomerDetail({ active: false, version: 4 }),
    }));
    await user.click(await screen.findByRole('button', { name: 'Klant deactiveren' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Gebruikers zonder andere actieve klant worden nu uitgelogd');
    await user.click(within(dialog).getByRole('button', { name: 'Klant deactiveren' }));
    await waitFor(() =>
      expect(screen.getByTestId('customer-active')).toHaveTextContent('Gedeactiveerd'),
    );
    expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.customerActive, { customerId: 11 }))).toEqual(
      {
        version: 3,
        active: false,
      },
    );
    expect(screen.getByTestId('reactivate-customer')).toHaveTextContent('Klant activeren');
  });

  it('lists its users with their rights for the customer, each leading to editusers', async () => {
    openCustomer(anAdminSession());
    const row = await screen.findByTestId('customer-user-31');
    expect(within(row).getByRole('link', { name: 'jansen' })).toHaveAttribute(
      'href',
      '/editusers/31',
    );
    expect(row).toHaveTextContent('Piet Jansen');
  });

  it('a read-only account manager sees the customer but is offered no change', async () => {
    openCustomer(aUserSession({ role: 'accountmanager', readOnly: true }));
    expect(await screen.findByTestId('customer-read-only')).toBeVisible();
    const form = await settings();
    expect(within(form).getByLabelText(/Naam van de klant/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Klant opslaan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dashboards opslaan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dashboard toevoegen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Klant deactiveren' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Nieuwe versie publiceren' })).toBeNull();
  });

  it('an account manager edits the portfolio customer but does not deactivate it', async () => {
    openCustomer(aUserSession({ role: 'accountmanager' }));
    expect(await screen.findByRole('button', { name: 'Klant opslaan' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Nieuwe versie publiceren' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Klant deactiveren' })).toBeNull();
  });

  it('is axe-clean with its settings, dashboards, users and terms shown', async () => {
    openCustomer(anAdminSession());
    await settings();
    await screen.findByRole('form', { name: 'Dashboards en hun contracten' });
    await screen.findByRole('region', { name: 'Versies van de voorwaarden' });
    expect(screen.getByTestId('terms-current')).toBeVisible();
    await expectNoAxeViolations();
  });

  it('says what went wrong when the customer cannot be loaded', async () => {
    const server = createFakeServer({});
    server.on('GET', pathTo(ADMIN_PATHS.customer, { customerId: 77 }), () => ({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'no' },
    }));
    startSession(aUserSession({ role: 'accountmanager' }));
    renderApp(server, '/editcustomer/77');
    expect(await screen.findByTestId('customer-error')).toHaveTextContent(
      'U heeft hiervoor geen toestemming.',
    );
  });
});
