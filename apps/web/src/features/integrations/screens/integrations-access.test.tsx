import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserSession } from '@klik/api';
import { screen } from '../../../test/render-app';
import { integrationsServer, openIntegrations } from '../integrations-test-kit';

vi.setConfig({ testTimeout: 20_000 });

function menu() {
  return within(screen.getAllByRole('navigation', { name: 'Hoofdmenu' })[0]!);
}

describe('who reaches the integrations screen', () => {
  it('a user manager finds it in the menu beside their users and opens it', async () => {
    const { user, app } = openIntegrations(integrationsServer());
    await screen.findByTestId('screen-integrations');
    const link = menu().getByRole('link', { name: 'Integraties' });
    expect(link).toHaveAttribute('href', '/integrations');
    expect(menu().getByRole('link', { name: 'Gebruikers van mijn bedrijf' })).toBeVisible();
    // The screen works on the customer selected at the top.
    expect(screen.getByTestId('customer-select')).toBeInTheDocument();
    await user.click(link);
    expect(app.location()).toBe('/integrations');
  });

  it.each<[string, Partial<UserSession>]>([
    ['a customer user without the right to manage users', {}],
    ['a view-only user', { readOnly: true }],
    ['a read-only user manager', { manageUsers: true, readOnly: true }],
    ['an account manager', { role: 'accountmanager' }],
  ])('%s neither sees it in the menu nor opens it', async (_, session) => {
    const server = integrationsServer();
    const { app } = openIntegrations(server, session);
    await screen.findByRole('navigation', { name: 'Hoofdmenu' }, { timeout: 10_000 });
    await vi.waitFor(() => expect(app.location()).not.toBe('/integrations'));
    expect(screen.queryByTestId('screen-integrations')).toBeNull();
    expect(menu().queryByRole('link', { name: 'Integraties' })).toBeNull();
    expect(server.requests.some((request) => request.path.includes('/integrations/'))).toBe(false);
  });
});
