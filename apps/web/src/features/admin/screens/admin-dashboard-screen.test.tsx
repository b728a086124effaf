import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type UserSession, AUTH_PATHS } from '@klik/api';
import { readSession, startSession } from '../../../shared/session/session-store';
import { aCustomer, aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

const admin = aUserSession({
  token: 'admin-token',
  username: 'beheer',
  name: 'Anna Beheer',
  role: 'admin',
  allowedCustomers: [],
});

function impersonated(overrides: Partial<UserSession>): UserSession {
  return aUserSession({ token: 'as-user-token', impersonatedBy: 'beheer', ...overrides });
}

async function openAsAdmin(users: Record<string, { password: string; session: UserSession }>) {
  startSession(admin);
  const server = createFakeServer({ users });
  const app = renderApp(server, '/admindashboard');
  await screen.findByTestId('login-as-form');
  return { app, server, user: userEvent.setup() };
}

describe('admin dashboard: sign in as user', () => {
  it('replaces the session, clears notification data, selects the first customer and goes to the new home', async () => {
    const { app, server, user } = await openAsAdmin({
      jansen: { password: '', session: impersonated({ name: 'Piet Jansen' }) },
    });
    window.sessionStorage.setItem('notificationData', '{"unread":7}');
    await user.type(screen.getByLabelText('Gebruikersnaam van de klant'), 'jansen');
    await user.click(screen.getByRole('button', { name: 'Inloggen als gebruiker' }));
    await screen.findByTestId('screen-dashboard');
    expect(app.location()).toBe('/dashboard');
    expect(server.callsTo('POST', AUTH_PATHS.loginAs)[0]?.body).toBe('jansen');
    expect(server.callsTo('POST', AUTH_PATHS.loginAs)[0]?.headers.get('authorization')).toBe(
      'Bearer admin-token',
    );
    expect(readSession()?.token).toBe('as-user-token');
    // The admin's count is gone; the bell may already hold the user's own (the fake server: 0).
    expect([null, '{"unread":0}']).toContain(window.sessionStorage.getItem('notificationData'));
    expect(JSON.parse(window.sessionStorage.getItem('selectedCustomer') ?? '{}')).toEqual(
      aCustomer(),
    );
    expect(screen.getByTestId('shell-user-name')).toHaveTextContent('Piet Jansen (via beheer)');
  });

  it('sends a TPI consultant to the overview', async () => {
    const { app, user } = await openAsAdmin({
      tpi: { password: '', session: impersonated({ role: 'consultant', allowTPIPage: true }) },
    });
    await user.type(screen.getByLabelText('Gebruikersnaam van de klant'), 'tpi');
    await user.click(screen.getByRole('button', { name: 'Inloggen als gebruiker' }));
    await screen.findByTestId('screen-overview');
    expect(app.location()).toBe('/overview');
  });

  it('logs a failure and tells the admin it failed, keeping their own session', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { server, user } = await openAsAdmin({});
    await user.type(screen.getByLabelText('Gebruikersnaam van de klant'), 'onbekend');
    await user.click(screen.getByRole('button', { name: 'Inloggen als gebruiker' }));
    expect(await screen.findByTestId('login-as-error')).toHaveTextContent(
      'Inloggen als deze gebruiker is niet gelukt: Niet gevonden.',
    );
    expect(warn).toHaveBeenCalledWith('Login as user failed', expect.anything());
    expect(readSession()?.token).toBe('admin-token');
    expect(server.callsTo('POST', AUTH_PATHS.loginAs)).toHaveLength(1);
  });

  it('asks for a username before calling the server', async () => {
    const { server, user } = await openAsAdmin({});
    await user.click(screen.getByRole('button', { name: 'Inloggen als gebruiker' }));
    expect(screen.getByText('Gebruikersnaam verplicht')).toBeInTheDocument();
    expect(server.callsTo('POST', AUTH_PATHS.loginAs)).toHaveLength(0);
  });
});
