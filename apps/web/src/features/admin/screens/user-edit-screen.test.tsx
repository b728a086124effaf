import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, type AdminUser, type UserSession, pathTo } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer, sentBody } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';
import { aCustomerPage, aCustomerSummary, anAdminSession, anAdminUser } from '../test-builders';

vi.setConfig({ testTimeout: 20_000 });

function open(path: string, session: UserSession, user: AdminUser = anAdminUser()) {
  const server = createFakeServer({});
  let current = user;
  server.on('GET', pathTo(ADMIN_PATHS.user, { userId: user.id }), () => ({
    status: 200,
    body: current,
  }));
  startSession(session);
  const app = renderApp(server, path);
  return {
    server,
    app,
    user: userEvent.setup(),
    /** Someone else saves a newer version on the server. */
    changeOnServer(change: Partial<AdminUser>) {
      current = { ...current, ...change, version: current.version + 1 };
    },
  };
}

describe('edit a user', () => {
  it('shows the invalid fields beside them before anything is sent (spec section 5)', async () => {
    const { user, server } = open('/editusers/31', anAdminSession());
    const email = await screen.findByLabelText(/E-mailadres/);
    await user.clear(email);
    await user.type(email, 'piet@');
    const mobile = screen.getByLabelText(/Mobiel nummer/);
    await user.clear(mobile);
    await user.type(mobile, '0612');
    await user.clear(screen.getByLabelText(/^Naam/));
    await user.click(screen.getByTestId('save-user'));
    expect(await screen.findByText('Ongeldig e-mailadres')).toBeVisible();
    expect(screen.getByText('Ongeldig mobiel nummer (bijvoorbeeld +31612345678)')).toBeVisible();
    expect(screen.getByText('Naam is verplicht')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // The first field in error has the focus.
    await waitFor(() => expect(screen.getByLabelText(/^Naam/)).toHaveFocus());
    expect(server.callsTo('PUT', pathTo(ADMIN_PATHS.user, { userId: 31 }))).toHaveLength(0);
  });

  it('saves on the version read, with per-customer rights', async () => {
    const { user, server } = open('/editusers/31', anAdminSession());
    server.on('PUT', pathTo(ADMIN_PATHS.user, { userId: 31 }), () => ({
      status: 200,
      body: anAdminUser({ version: 4 }),
    }));
    await user.click(await screen.findByLabelText('Mag klikken voor Bakkerij Jansen'));
    await user.click(screen.getByTestId('save-user'));
    expect(await screen.findByTestId('user-saved')).toHaveTextContent('opgeslagen');
    expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.user, { userId: 31 }))).toMatchObject({
      version: 3,
      email: 'piet@jansen.nl',
      mobile: '+31612345678',
      customers: [{ customerId: 11, readOnly: false, clickAuthorized: false }],
    });
  });

  it('an admin adds any customer, found on the server, with its own rights', async () => {
    const { user, server } = open('/editusers/31', anAdminSession());
    server.on('GET', ADMIN_PATHS.customers, () => ({
      status: 200,
      body: aCustomerPage([
        aCustomerSummary({ id: 11, name: 'Bakkerij Jansen' }),
        aCustomerSummary({ id: 4711, name: 'Brouwerij De Klok' }),
      ]),
    }));
    server.on('PUT', pathTo(ADMIN_PATHS.user, { userId: 31 }), () => ({
      status: 200,
      body: anAdminUser({ version: 4 }),
    }));
    await user.type(await screen.findByRole('combobox', { name: 'Klant toevoegen' }), 'b');
    const found = await screen.findByRole('option', { name: /Brouwerij De Klok/ });
    // A customer the user already has is not offered again.
    expect(screen.queryByRole('option', { name: /Bakkerij Jansen/ })).toBeNull();
    await user.click(found);
    await user.click(screen.getByLabelText('Alleen lezen voor Brouwerij De Klok'));
    await user.click(screen.getByTestId('save-user'));
    expect(await screen.findByTestId('user-saved')).toBeVisible();
    expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.user, { userId: 31 }))).toMatchObject({
      customers: [
        { customerId: 11, readOnly: false, clickAuthorized: true },
        { customerId: 4711, readOnly: true, clickAuthorized: true },
      ],
    });
  });

  it('on a stale version keeps what was typed, reloads on request and saves on the new version', async () => {
    const { user, server, changeOnServer } = open('/editusers/31', anAdminSession());
    server.on('PUT', pathTo(ADMIN_PATHS.user, { userId: 31 }), ({ body }) => {
      const sent = JSON.parse(body ?? '{}') as { version: number };
      return sent.version === 3
        ? { status: 409, body: { code: 'VERSION_CONFLICT', message: 'stale' } }
        : { status: 200, body: anAdminUser({ name: 'Piet J.', version: sent.version + 1 }) };
    });
    const name = await screen.findByLabelText(/^Naam/);
    await user.clear(name);
    await user.type(name, 'Piet J.');
    changeOnServer({ email: 'p.jansen@jansen.nl' });
    await user.click(screen.getByTestId('save-user'));
    const conflict = await screen.findByTestId('version-conflict');
    expect(conflict).toHaveTextContent('Iemand anders heeft dit intussen gewijzigd');
    expect(name).toHaveValue('Piet J.');

    await user.click(within(conflict).getByTestId('reload-keep'));
    expect(await screen.findByTestId('others-changed')).toHaveTextContent('E-mailadres');
    expect(name).toHaveValue('Piet J.');
    await user.click(screen.getByTestId('save-user'));
    expect(await screen.findByTestId('user-saved')).toBeVisible();
    expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.user, { userId: 31 }))).toMatchObject({
      version: 4,
      name: 'Piet J.',
    });
  });

  it("shows the server's refusal at its field: an e-mail address that exists", async () => {
    const { user, server } = open('/editusers/31', anAdminSession());
    server.on('PUT', pathTo(ADMIN_PATHS.user, { userId: 31 }), () => ({
      status: 409,
      body: { code: 'USER_NOT_UNIQUE', message: 'exists' },
    }));
    await screen.findByLabelText(/E-mailadres/);
    await user.click(screen.getByTestId('save-user'));
    expect(await screen.findByText('Dit e-mailadres bestaat al.')).toBeVisible();
    expect(screen.getByLabelText(/E-mailadres/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('deactivates after confirmation; removing yourself is refused with a clear message', async () => {
    const { user, server } = open('/editusers/31', anAdminSession());
    let refuse = true;
    server.on('PUT', pathTo(ADMIN_PATHS.userActive, { userId: 31 }), () =>
      refuse
        ? { status: 409, body: { code: 'CANNOT_REMOVE_SELF', message: 'self' } }
        : { status: 200, body: anAdminUser({ active: false, version: 4 }) },
    );
    await user.click(await screen.findByTestId('deactivate-user'));
    await user.click(await screen.findByTestId('confirm-active'));
    expect(await screen.findByTestId('active-error')).toHaveTextContent(
      'U kunt uzelf niet verwijderen.',
    );
    refuse = false;
    await user.click(screen.getByTestId('deactivate-user'));
    await user.click(await screen.findByTestId('confirm-active'));
    await waitFor(() =>
      expect(screen.getByTestId('user-active')).toHaveTextContent('Gedeactiveerd'),
    );
    expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.userActive, { userId: 31 }))).toEqual({
      version: 3,
      active: false,
    });
    expect(screen.getByTestId('reactivate-user')).toBeVisible();
  });

  it('sets a new initial password on its own, checked like any new password', async () => {
    const { user, server } = open('/editusers/31', anAdminSession());
    server.on('PUT', pathTo(ADMIN_PATHS.userPassword, { userId: 31 }), () => ({
      status: 200,
      body: anAdminUser({ mustChangePassword: true, version: 4 }),
    }));
    const panel = await screen.findByTestId('reset-password');
    await user.type(within(panel).getByLabelText(/Eerste wachtwoord/), 'kort');
    await user.click(within(panel).getByRole('button', { name: 'Wachtwoord instellen' }));
    expect(
      await within(panel).findByText('Het wachtwoord moet minimaal 8 tekens lang zijn'),
    ).toBeVisible();
    await user.type(within(panel).getByLabelText(/Eerste wachtwoord/), '-en-nu-goed');
    await user.click(within(panel).getByRole('button', { name: 'Wachtwoord instellen' }));
    expect(await screen.findByTestId('reset-password-done')).toBeVisible();
    expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.userPassword, { userId: 31 }))).toEqual({
      version: 3,
      initialPassword: 'kort-en-nu-goed',
    });
    // The details are saved on the new version afterwards.
    server.on('PUT', pathTo(ADMIN_PATHS.user, { userId: 31 }), () => ({
      status: 200,
      body: anAdminUser(),
    }));
    await user.click(screen.getByTestId('save-user'));
    await waitFor(() =>
      expect(sentBody(server, 'PUT', pathTo(ADMIN_PATHS.user, { userId: 31 }))).toMatchObject({
        version: 4,
      }),
    );
  });

  it("shows an account manager's customers as their portfolio, without rights per customer", async () => {
    open(
      '/editusers/31',
      anAdminSession(),
      anAdminUser({ role: 'accountmanager', clickAuthorized: false }),
    );
    const customers = await screen.findByTestId('customer-rights');
    expect(customers).toHaveTextContent('Portefeuille (klanten)');
    expect(within(customers).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('field-clickAuthorized')).toBeNull();
  });

  it('a read-only account manager sees the user but is offered no change', async () => {
    open('/editusers/31', aUserSession({ role: 'accountmanager', readOnly: true }));
    expect(await screen.findByTestId('user-read-only')).toBeVisible();
    expect(screen.getByLabelText(/E-mailadres/)).toBeDisabled();
    expect(screen.queryByTestId('save-user')).toBeNull();
    expect(screen.queryByTestId('deactivate-user')).toBeNull();
    expect(screen.queryByTestId('reset-password')).toBeNull();
  });

  it('says what to do when the user cannot be loaded', async () => {
    const server = createFakeServer({});
    server.on('GET', pathTo(ADMIN_PATHS.user, { userId: 77 }), () => ({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'no' },
    }));
    startSession(aUserSession({ role: 'accountmanager' }));
    renderApp(server, '/editusers/77');
    expect(await screen.findByTestId('user-error')).toHaveTextContent(
      'U heeft hiervoor geen toestemming.',
    );
  });
});

describe('add a user', () => {
  // A user manager does the same once the session says manageUsers (see the report: the session
  // schema does not carry it yet); an account manager of one customer stands in here.
  it('adds a view-only user for the own customer, who must change the password', async () => {
    const server = createFakeServer({});
    server.on('POST', ADMIN_PATHS.viewOnlyUsers, ({ body }) => {
      const sent = JSON.parse(body ?? '{}') as { username: string };
      return sent.username === 'taken'
        ? { status: 409, body: { code: 'USERNAME_NOT_UNIQUE', message: 'taken' } }
        : {
            status: 201,
            body: anAdminUser({ id: 40, username: sent.username, readOnly: true, version: 1 }),
          };
    });
    server.on('GET', pathTo(ADMIN_PATHS.user, { userId: 40 }), () => ({
      status: 200,
      body: anAdminUser({ id: 40, username: 'kijker', readOnly: true, version: 1 }),
    }));
    startSession(
      aUserSession({
        role: 'accountmanager',
        allowedCustomers: [{ id: 11, name: 'Bakkerij Jansen', dashboards: [] }],
      }),
    );
    const app = renderApp(server, '/addviewonlyuser');
    const user = userEvent.setup();
    await screen.findByTestId('screen-addviewonlyuser');
    await user.click(screen.getByTestId('save-user'));
    expect(await screen.findByText('Gebruikersnaam is verplicht')).toBeVisible();
    expect(screen.getByText('E-mailadres is verplicht')).toBeVisible();
    // No initial password is fine: the server then e-mails the user an invitation.
    expect(screen.queryByText('Wachtwoord is verplicht')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Gebruikersnaam/), 'taken');
    await user.type(screen.getByLabelText(/^Naam/), 'Kees Kijker');
    await user.type(screen.getByLabelText(/E-mailadres/), 'kees@jansen.nl');
    await user.type(screen.getByLabelText(/Eerste wachtwoord/), 'welkom123');
    await user.click(screen.getByTestId('save-user'));
    expect(await screen.findByText('Deze gebruikersnaam bestaat al.')).toBeVisible();

    await user.clear(screen.getByLabelText(/^Gebruikersnaam/));
    await user.type(screen.getByLabelText(/^Gebruikersnaam/), 'kijker');
    await user.click(screen.getByTestId('save-user'));
    await waitFor(() => expect(app.location()).toBe('/editusers/40'));
    expect(await screen.findByTestId('user-created')).toBeVisible();
    expect(sentBody(server, 'POST', ADMIN_PATHS.viewOnlyUsers)).toEqual({
      username: 'kijker',
      name: 'Kees Kijker',
      email: 'kees@jansen.nl',
      mobile: null,
      locale: 'nl',
      customerIds: [11],
      initialPassword: 'welkom123',
    });
  });

  it('says the same in English', async () => {
    const server = createFakeServer({ env: { locale: 'en' } });
    server.on('POST', ADMIN_PATHS.users, () => ({
      status: 409,
      body: { code: 'USER_NOT_UNIQUE', message: 'exists' },
    }));
    startSession(aUserSession({ role: 'accountmanager', locale: 'en' }));
    renderApp(server, '/editusers/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Username is required')).toBeVisible();
    expect(screen.getByText('E-mail is required')).toBeVisible();
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Username/), 'piet');
    await user.type(screen.getByLabelText(/^Name/), 'Piet');
    await user.type(screen.getByLabelText(/E-mail address/), 'piet@jansen.nl');
    await user.type(screen.getByLabelText(/Initial password/), 'welkom123');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('This e-mail address already exists.')).toBeVisible();
  });

  it('an account manager creates a consultant of the portfolio with an initial password', async () => {
    const server = createFakeServer({});
    server.on('POST', ADMIN_PATHS.users, () => ({
      status: 201,
      body: anAdminUser({ id: 41, role: 'consultant' }),
    }));
    server.on('GET', pathTo(ADMIN_PATHS.user, { userId: 41 }), () => ({
      status: 200,
      body: anAdminUser({ id: 41, role: 'consultant' }),
    }));
    startSession(aUserSession({ role: 'accountmanager' }));
    const app = renderApp(server, '/editusers/new');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('field-role'), 'consultant');
    expect(screen.getByTestId('field-role').querySelectorAll('option')).toHaveLength(2);
    await user.click(screen.getByLabelText(/TPI-pagina/));
    await user.selectOptions(screen.getByTestId('customer-add-select'), '12');
    await user.click(screen.getByTestId('customer-add'));
    await user.type(screen.getByLabelText(/^Gebruikersnaam/), 'adviseur');
    await user.type(screen.getByLabelText(/^Naam/), 'Ada Adviseur');
    await user.type(screen.getByLabelText(/E-mailadres/), 'ada@advies.nl');
    await user.type(screen.getByLabelText(/Mobiel nummer/), '+31 6 1234 5678');
    await user.type(screen.getByLabelText(/Eerste wachtwoord/), 'welkom123');
    await user.click(screen.getByTestId('save-user'));
    await waitFor(() => expect(app.location()).toBe('/editusers/41'));
    expect(sentBody(server, 'POST', ADMIN_PATHS.users)).toMatchObject({
      role: 'consultant',
      allowTPIPage: true,
      manageUsers: false,
      mobile: '+31612345678',
      customers: [{ customerId: 12, readOnly: false, clickAuthorized: true }],
    });
  });
});
