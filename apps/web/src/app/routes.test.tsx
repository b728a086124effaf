import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserSession } from '@klik/api';
import { readSession, startSession } from '../shared/session/session-store';
import { aUserSession } from '../test/builders';
import { createFakeServer } from '../test/fake-server';
import { renderApp, screen } from '../test/render-app';

function signedInAs(overrides: Partial<UserSession>) {
  startSession(aUserSession(overrides), new Date('2026-01-01T00:00:00.000Z'));
}

async function open(path: string) {
  const app = renderApp(createFakeServer({}), path);
  await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  return app;
}

describe('routes and guards', () => {
  it("'' redirects to login", async () => {
    const app = await open('/');
    await screen.findByTestId('login-form');
    expect(app.location()).toBe('/login');
  });

  it.each(['/dashboard', '/admindashboard', '/myinfo', '/overview', '/dashboard?x=1'])(
    'sends a visitor without a session from %s to login with a returnUrl',
    async (path) => {
      const app = await open(path);
      await screen.findByTestId('login-form');
      expect(app.location()).toBe(`/login?returnUrl=${encodeURIComponent(path)}`);
    },
  );

  it('the admin guard refuses a customer user and sends them home', async () => {
    signedInAs({ role: 'customer' });
    const app = await open('/admindashboard');
    await screen.findByTestId('screen-dashboard');
    expect(app.location()).toBe('/dashboard');
  });

  it('the regular guard refuses an admin and sends them home', async () => {
    signedInAs({ role: 'admin', allowedCustomers: [] });
    const app = await open('/dashboard');
    await screen.findByTestId('screen-admindashboard');
    expect(app.location()).toBe('/admindashboard');
  });

  it('an account manager passes both guards', async () => {
    signedInAs({ role: 'accountmanager' });
    const first = await open('/dashboard');
    await screen.findByTestId('screen-dashboard');
    expect(first.location()).toBe('/dashboard');
    first.unmount();
    const second = await open('/admindashboard');
    await screen.findByTestId('screen-admindashboard');
    expect(second.location()).toBe('/admindashboard');
  });

  it('the overview is for users with the TPI page', async () => {
    signedInAs({ role: 'consultant', allowTPIPage: false });
    const app = await open('/overview');
    await screen.findByTestId('screen-dashboard');
    expect(app.location()).toBe('/dashboard');
  });

  it('refreshes lastRefresh on each pass', async () => {
    signedInAs({ role: 'customer' });
    expect(readSession()?.lastRefresh).toBe('2026-01-01T00:00:00.000Z');
    await open('/myinfo');
    await screen.findByTestId('screen-myinfo');
    expect(readSession()?.lastRefresh).not.toBe('2026-01-01T00:00:00.000Z');
    expect(Date.now() - Date.parse(readSession()?.lastRefresh ?? '')).toBeLessThan(60_000);
  });

  it('shows a not-found screen with a link home for anything else', async () => {
    signedInAs({ role: 'customer' });
    await open('/no-such-screen/12');
    expect(await screen.findByText('Pagina niet gevonden')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it("the spec's editcustomer without an id opens the customers to choose one from", async () => {
    signedInAs({ role: 'admin', allowedCustomers: [] });
    const app = await open('/editcustomer?q=acme');
    await screen.findByTestId('screen-managecustomers');
    expect(app.location()).toBe('/managecustomers?q=acme');
    expect(screen.queryByText('Pagina niet gevonden')).not.toBeInTheDocument();
  });

  it('editcustomer without an id keeps the admin guard', async () => {
    const visitor = await open('/editcustomer');
    await screen.findByTestId('login-form');
    expect(visitor.location()).toBe(`/login?returnUrl=${encodeURIComponent('/editcustomer')}`);
    visitor.unmount();
    signedInAs({ role: 'customer' });
    const customer = await open('/editcustomer');
    await screen.findByTestId('screen-dashboard');
    expect(customer.location()).toBe('/dashboard');
  });
});
