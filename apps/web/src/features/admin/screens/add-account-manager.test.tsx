import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';
import {
  aCustomerPage,
  aCustomerSummary,
  aUserPage,
  anAdminSession,
  anAdminUser,
} from '../test-builders';

vi.setConfig({ testTimeout: 20_000 });

describe('addaccountmanager', () => {
  it('an admin creates an account manager with a portfolio and an initial password', async () => {
    const server = createFakeServer({});
    server.on('POST', ADMIN_PATHS.accountManagers, () => ({
      status: 201,
      body: anAdminUser({ id: 50, username: 'am.smit', role: 'accountmanager' }),
    }));
    server.on('GET', ADMIN_PATHS.users, () => ({
      status: 200,
      body: aUserPage([anAdminUser({ id: 50, username: 'am.smit', role: 'accountmanager' })]),
    }));
    server.on('GET', ADMIN_PATHS.customers, () => ({
      status: 200,
      body: aCustomerPage([
        aCustomerSummary(),
        aCustomerSummary({ id: 12, name: 'Jansen Logistiek' }),
      ]),
    }));
    // An admin's session carries no customers: the portfolio's are found on the server.
    startSession(anAdminSession());
    const app = renderApp(server, '/addaccountmanager');
    const user = userEvent.setup();
    await screen.findByTestId('screen-addaccountmanager');
    expect(screen.queryByTestId('field-role')).toBeNull();
    await user.type(screen.getByRole('combobox', { name: 'Klant toevoegen' }), 'jans');
    await user.click(await screen.findByRole('option', { name: /Jansen Logistiek/ }));
    expect(screen.getByTestId('customer-link-12')).toHaveTextContent('Jansen Logistiek');
    await user.type(screen.getByLabelText(/^Gebruikersnaam/), 'am.smit');
    await user.type(screen.getByLabelText(/^Naam/), 'Sanne Smit');
    await user.type(screen.getByLabelText(/E-mailadres/), 'Sanne@Klik.nl');
    await user.type(screen.getByLabelText(/Eerste wachtwoord/), 'kort');
    await user.click(screen.getByTestId('save-user'));
    expect(
      await screen.findByText('Het wachtwoord moet minimaal 8 tekens lang zijn'),
    ).toBeVisible();
    await user.type(screen.getByLabelText(/Eerste wachtwoord/), 'er-maar-goed');
    await user.click(screen.getByTestId('save-user'));
    await waitFor(() => expect(app.location()).toBe('/manageusers?role=accountmanager&q=am.smit'));
    expect(JSON.parse(server.callsTo('POST', ADMIN_PATHS.accountManagers)[0]?.body ?? '')).toEqual({
      username: 'am.smit',
      name: 'Sanne Smit',
      email: 'sanne@klik.nl',
      mobile: null,
      locale: 'nl',
      readOnly: false,
      customerIds: [12],
      initialPassword: 'korter-maar-goed',
    });
  });

  it('is for admins alone', async () => {
    startSession(aUserSession({ role: 'accountmanager' }));
    const app = renderApp(createFakeServer({}), '/addaccountmanager');
    await waitFor(() => expect(app.location()).toBe('/admindashboard'));
  });
});
