import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '@klik/api';
import { readSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

describe('an initial password is changed before anything else', () => {
  it('after sign-in the user must choose their own password, then goes where they were going', async () => {
    const server = createFakeServer({
      users: {
        nieuw: { password: 'welkom123', session: aUserSession({ mustChangePassword: true }) },
      },
    });
    server.on('POST', AUTH_PATHS.changePassword, ({ body }) => {
      const sent = JSON.parse(body ?? '{}') as { currentPassword: string; newPassword: string };
      if (sent.currentPassword !== 'welkom123') {
        return { status: 400, body: { code: 'CURRENT_PASSWORD_WRONG', message: 'wrong' } };
      }
      return { status: 204 };
    });
    const app = renderApp(server, '/clickoverview');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Gebruikersnaam/), 'nieuw');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'welkom123');
    await user.click(screen.getByRole('button', { name: /Inloggen/ }));
    await waitFor(() => expect(app.location()).toBe('/changepassword?returnUrl=%2Fclickoverview'));
    // Nothing else opens until the password is changed.
    expect(await screen.findByTestId('screen-changepassword')).toBeVisible();

    await user.type(screen.getByLabelText(/Huidig wachtwoord/), 'fout');
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'kort');
    await user.type(screen.getByLabelText(/Herhaal/), 'anders');
    await user.click(screen.getByTestId('change-password'));
    expect(
      await screen.findByText('Het wachtwoord moet minimaal 8 tekens lang zijn'),
    ).toBeVisible();
    expect(screen.getByText('De wachtwoorden zijn niet gelijk')).toBeVisible();
    expect(server.callsTo('POST', AUTH_PATHS.changePassword)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Nieuw wachtwoord/));
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'mijn-eigen-1');
    await user.clear(screen.getByLabelText(/Herhaal/));
    await user.type(screen.getByLabelText(/Herhaal/), 'mijn-eigen-1');
    await user.click(screen.getByTestId('change-password'));
    expect(await screen.findByText('Het huidige wachtwoord is onjuist.')).toBeVisible();

    await user.clear(screen.getByLabelText(/Huidig wachtwoord/));
    await user.type(screen.getByLabelText(/Huidig wachtwoord/), 'welkom123');
    await user.click(screen.getByTestId('change-password'));
    await waitFor(() => expect(app.location()).toBe('/clickoverview'));
    expect(readSession()?.mustChangePassword).toBe(false);
  });
});
