import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, AUTH_PATHS } from '@klik/api';
import { readSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { screen } from '../../../test/render-app';
import { aUserPage, anAdminSession, anAdminUser, openWatched } from '../test-builders';

vi.setConfig({ testTimeout: 20_000 });

const borrowed = aUserSession({ token: 'token-borrowed', impersonatedBy: 'beheer' });

function openCsu() {
  const fake = createFakeServer({ users: { jansen: { password: 'x', session: borrowed } } });
  fake.on('GET', ADMIN_PATHS.users, () => ({
    status: 200,
    body: aUserPage([
      anAdminUser(),
      anAdminUser({ id: 32, username: 'oud', name: 'Oud Account', active: false }),
      anAdminUser({ id: 33, username: 'am', name: 'Ander Beheer', role: 'accountmanager' }),
    ]),
  }));
  const { urls, app, user } = openWatched(fake, '/csu', anAdminSession());
  return { fake, urls, app, user };
}

describe('csu: sign in as another user', () => {
  it('finds a customer-side user on the server and continues as them, then one click back', async () => {
    const { fake, urls, app, user } = openCsu();
    await user.type(await screen.findByTestId('csu-q'), 'jan');
    await user.click(screen.getByTestId('csu-search'));
    const results = await screen.findByTestId('csu-results');
    expect(urls.at(-1)).toBe(`${ADMIN_PATHS.users}?q=jan&active=true&size=20`);
    // Deactivated users and account managers cannot be signed in as.
    expect(results.querySelectorAll('tbody tr')).toHaveLength(1);

    await user.click(within(results).getByRole('button', { name: 'Inloggen als Piet Jansen' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(fake.callsTo('POST', AUTH_PATHS.loginAs)[0]?.body).toBe('jansen');
    const banner = await screen.findByTestId('impersonation-banner');
    expect(banner).toHaveTextContent('U werkt als Piet Jansen (ingelogd via beheer).');

    await user.click(within(banner).getByRole('button', { name: /Terug naar mijn eigen sessie/ }));
    await waitFor(() => expect(app.location()).toBe('/csu?q=jan'));
    expect(readSession()?.token).toBe('token-of-admin');
    expect(fake.callsTo('POST', AUTH_PATHS.logout).map((call) => call.body)).toEqual([
      'token-borrowed',
    ]);
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });

  it('signing out while working as someone else ends both sessions', async () => {
    const { fake, user } = openCsu();
    await user.type(await screen.findByTestId('csu-q'), 'jan');
    await user.click(screen.getByTestId('csu-search'));
    await user.click(await screen.findByTestId('csu-become-31'));
    await screen.findByTestId('impersonation-banner');
    await user.click(screen.getByTestId('user-menu'));
    await user.click(await screen.findByTestId('logout-button'));
    await waitFor(() =>
      expect(fake.callsTo('POST', AUTH_PATHS.logout).map((call) => call.body)).toEqual([
        'token-borrowed',
        'token-of-admin',
      ]),
    );
    expect(readSession()).toBeNull();
  });

  it('says what to do when nobody is found', async () => {
    const { fake, user } = openCsu();
    fake.on('GET', ADMIN_PATHS.users, () => ({ status: 200, body: aUserPage([]) }));
    await user.type(await screen.findByTestId('csu-q'), 'niemand{Enter}');
    expect(await screen.findByTestId('csu-empty')).toHaveTextContent('Probeer een ander deel');
  });
});
