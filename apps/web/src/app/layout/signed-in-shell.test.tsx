import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type UserSession, AUTH_PATHS, pathTo } from '@klik/api';
import { startSession } from '../../shared/session/session-store';
import { aUserSession } from '../../test/builders';
import { createFakeServer } from '../../test/fake-server';
import { renderApp, screen } from '../../test/render-app';

async function openSignedIn(path: string, overrides: Partial<UserSession> = {}) {
  startSession(aUserSession(overrides));
  const server = createFakeServer({});
  const app = renderApp(server, path);
  await screen.findByTestId('shell-user-name');
  return { app, server, user: userEvent.setup() };
}

describe('signed-in shell', () => {
  it('says whether the prices are live: connecting, live, connecting again when the socket drops', async () => {
    const { app } = await openSignedIn('/dashboard');
    const indicator = screen.getByTestId('live-indicator');
    expect(indicator).toHaveAttribute('data-state', 'closed');
    expect(indicator).toHaveTextContent('Verbinden…');
    const socket = await app.sockets.connecting();
    act(() => socket.open());
    await waitFor(() => expect(indicator).toHaveAttribute('data-state', 'open'));
    expect(indicator).toHaveTextContent('Live');
    act(() => socket.serverClose(1006));
    await waitFor(() => expect(indicator).toHaveTextContent('Verbinden…'));
  });

  it('has a header with the user name, a navigation and a main landmark with a skip link', async () => {
    await openSignedIn('/dashboard');
    expect(screen.getByTestId('shell-user-name')).toHaveTextContent('Piet Jansen');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).queryByRole('list', { name: 'Beheer' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Naar de inhoud' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('selecting a customer selects its first dashboard', async () => {
    const { user } = await openSignedIn('/dashboard');
    const customerSelect = screen.getByTestId('customer-select');
    const dashboardSelect = screen.getByTestId('dashboard-select');
    expect(customerSelect).toHaveValue('11');
    expect(dashboardSelect).toHaveValue('101');
    await user.selectOptions(dashboardSelect, '102');
    expect(JSON.parse(window.sessionStorage.getItem('selectedDashboard') ?? '{}')).toMatchObject({
      id: 102,
    });
    await user.selectOptions(customerSelect, '12');
    expect(screen.getByTestId('dashboard-select')).toHaveValue('201');
    expect(JSON.parse(window.sessionStorage.getItem('selectedCustomer') ?? '{}')).toMatchObject({
      id: 12,
    });
    expect(screen.getByTestId('dashboard-selection')).toHaveTextContent(
      'Klant: Jansen Logistiek · Dashboard: Depot',
    );
  });

  it('logout removes the local session first, then informs the server', async () => {
    const { server, user, app } = await openSignedIn('/dashboard');
    let sessionWhenServerWasCalled: string | null = 'not called';
    server.on('POST', AUTH_PATHS.logout, () => {
      sessionWhenServerWasCalled = window.sessionStorage.getItem('session');
      return { status: 204 };
    });
    app.queryClient.setQueryData(['dashboard-contracts', 101], [{ contractId: 1 }]);
    await user.click(screen.getByTestId('user-menu'));
    await user.click(await screen.findByTestId('logout-button'));
    await screen.findByTestId('login-form');
    expect(app.location()).toBe('/login');
    // Data of the ended session is gone; the environment settings stay.
    expect(app.queryClient.getQueryData(['dashboard-contracts', 101])).toBeUndefined();
    expect(app.queryClient.getQueryData(['environment'])).toBeDefined();
    await waitFor(() => expect(server.callsTo('POST', AUTH_PATHS.logout)).toHaveLength(1));
    expect(server.callsTo('POST', AUTH_PATHS.logout)[0]?.body).toBe('token-of-customer');
    expect(sessionWhenServerWasCalled).toBeNull();
  });

  it("a signed-in user's language choice is sent to the server", async () => {
    const { server, user } = await openSignedIn('/dashboard');
    await user.click(screen.getByTestId('locale-en'));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('PUT', pathTo(AUTH_PATHS.setLocale, { locale: 'en' }))).toHaveLength(1),
    );
    const call = server.callsTo('PUT', pathTo(AUTH_PATHS.setLocale, { locale: 'en' }))[0];
    expect(call?.headers.get('authorization')).toBe('Bearer token-of-customer');
    expect(call?.headers.get('locale')).toBe('en');
  });

  it('a 401 ends the local session and asks for a new login, returning to the screen', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { server, user, app } = await openSignedIn('/myinfo');
    server.on('PUT', pathTo(AUTH_PATHS.setLocale, { locale: 'en' }), () => ({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'Session ended' },
    }));
    await user.click(screen.getByTestId('locale-en'));
    await screen.findByTestId('login-form');
    expect(app.location()).toBe('/login?returnUrl=%2Fmyinfo');
    expect(window.sessionStorage.getItem('session')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Saving the language choice failed', expect.anything());
  });

  it('an admin without customers sees no selectors', async () => {
    await openSignedIn('/admindashboard', { role: 'admin', allowedCustomers: [] });
    expect(screen.queryByTestId('customer-select')).not.toBeInTheDocument();
    // The admin's own screen works without customers: no customer is selected first.
    expect(
      within(screen.getByTestId('screen-admindashboard')).getByRole('heading', { level: 1 }),
    ).toHaveTextContent('Beheer');
  });

  it('groups the menu by task: a customer sees positions, clicks, plan and notifications', async () => {
    await openSignedIn('/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    const linksOf = (group: string) =>
      within(within(nav).getByRole('list', { name: group }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(within(nav).getAllByRole('list')).toHaveLength(4);
    expect(linksOf('Posities')).toEqual(['Dashboard']);
    expect(linksOf('Klikken')).toEqual(['Klikoverzicht', 'Klikteller', 'Resultaten']);
    expect(linksOf('Plan')).toEqual([
      'Deadlines',
      'Budget',
      'Afdekbeleid',
      'Risico',
      'Strategie',
      'Prijsalerts',
      'Staande orders',
    ]);
    expect(linksOf('Meldingen')).toEqual(['Meldingen']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('an admin sees the notifications and the administration', async () => {
    await openSignedIn('/admindashboard', { role: 'admin', allowedCustomers: [] });
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    const admin = within(nav).getByRole('list', { name: 'Beheer' });
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Beheerdashboard',
      'Monitor',
      'Marktprijzen',
      'Klanten',
      'Contracten',
      'Contracten importeren',
      'Prijshistorie importeren',
      'Gebruikers',
      'Gebruiker met alleen-lezen toevoegen',
      'Integraties',
      'Inloggen als',
      'Audit log',
      'Notificatie-e-mails',
      "Marges en pricing-ID's",
      'Consultants',
      'Accountmanager toevoegen',
    ]);
    expect(within(nav).getAllByRole('list')).toHaveLength(2);
  });

  it('a TPI consultant finds the overview first under positions', async () => {
    await openSignedIn('/overview', { role: 'consultant', allowTPIPage: true });
    const positions = within(screen.getByRole('navigation', { name: 'Hoofdmenu' })).getByRole(
      'list',
      { name: 'Posities' },
    );
    expect(
      within(positions)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overzicht', 'Dashboard']);
  });

  it('shows the selectors only on screens that use them', async () => {
    const { user } = await openSignedIn('/dashboard');
    expect(screen.getByTestId('customer-select')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-select')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    await user.click(within(nav).getByRole('link', { name: 'Klikteller' }));
    await screen.findByTestId('screen-clickcounter');
    expect(screen.getByTestId('customer-select')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-select')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('user-menu'));
    await user.click(await screen.findByTestId('myinfo-link'));
    await screen.findByTestId('screen-myinfo');
    expect(screen.queryByTestId('customer-select')).not.toBeInTheDocument();
  });

  it('shows the brand from the environment: title and favicon, linking home', async () => {
    await openSignedIn('/myinfo');
    const brand = screen.getByTestId('shell-brand');
    expect(brand).toHaveTextContent('Klik Energie');
    expect(brand).toHaveAttribute('href', '/dashboard');
    expect(brand.querySelector('img')).toHaveAttribute('src', '/favicon.svg');
  });

  it('the phone menu opens from the burger by keyboard, closes with Escape and after a link', async () => {
    const { user, app } = await openSignedIn('/dashboard');
    const burger = screen.getByRole('button', { name: 'Menu openen' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    burger.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Klik Energie' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const drawerNav = within(drawer).getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(drawerNav).getByRole('list', { name: 'Klikken' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(burger).toHaveFocus());

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Klik Energie' });
    within(again).getByRole('link', { name: 'Resultaten' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByTestId('screen-resultaten');
    expect(app.location()).toBe('/resultaten');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
