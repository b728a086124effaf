import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_PATHS } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const invalid = { status: 410, body: { code: 'RESET_LINK_INVALID', message: 'invalid' } };

function serverWithLink(purpose: 'reset' | 'invitation' | null) {
  const server = createFakeServer({});
  server.on('GET', PASSWORD_RESET_PATHS.resetPasswordCheck, () =>
    purpose === null
      ? invalid
      : {
          status: 200,
          body: { purpose, username: 'jansen', expiresAt: '2026-11-23T10:30:00.000Z' },
        },
  );
  return server;
}

async function typePasswords(password: string, repeat = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Nieuw wachtwoord(?! kiezen)/), password);
  await user.type(screen.getByLabelText(/^Herhaal/), repeat);
  await user.click(screen.getByTestId('reset-password-submit'));
  return user;
}

describe('resetpassword', () => {
  it('says "invalid reset URL" for a bad link and offers a new one, before anything is typed', async () => {
    const server = serverWithLink(null);
    const app = renderApp(server, '/resetpassword?token=used-token');
    expect(await screen.findByTestId('reset-link-invalid')).toHaveTextContent(
      'Ongeldige resetlink',
    );
    expect(screen.queryByLabelText(/^Nieuw wachtwoord(?! kiezen)/)).not.toBeInTheDocument();
    await expectNoAxeViolations();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Vraag een nieuwe link aan' }));
    await waitFor(() => expect(app.location()).toBe('/forgotpassword'));
  });

  it('says the same for a link without a token, without asking the server', async () => {
    const server = serverWithLink('reset');
    renderApp(server, '/resetpassword');
    expect(await screen.findByTestId('reset-link-invalid')).toBeVisible();
    expect(server.callsTo('GET', PASSWORD_RESET_PATHS.resetPasswordCheck)).toHaveLength(0);
  });

  it('checks the rules and the repeat, shows the strength, then sends the user to sign in', async () => {
    const server = serverWithLink('reset');
    server.on('POST', PASSWORD_RESET_PATHS.resetPassword, () => ({ status: 204 }));
    const app = renderApp(server, '/resetpassword?token=good-token');
    expect(await screen.findByText('Voor gebruiker jansen')).toBeVisible();
    expect(screen.getByText(/Minimaal 8 en maximaal 20 tekens/)).toBeVisible();
    await expectNoAxeViolations();

    const user = await typePasswords('kort');
    expect(
      await screen.findByText('Het wachtwoord moet minimaal 8 tekens lang zijn'),
    ).toBeVisible();
    expect(screen.getByTestId('strength-meter')).toHaveAttribute('data-strength', '0');
    await user.clear(screen.getByLabelText(/^Nieuw wachtwoord(?! kiezen)/));
    await user.clear(screen.getByLabelText(/^Herhaal/));
    await typePasswords('Zomer-Appel-42', 'Zomer-Appel-43');
    expect(await screen.findByText('De wachtwoorden zijn niet gelijk')).toBeVisible();
    expect(screen.getByTestId('strength-meter')).toHaveTextContent('Sterkte: zeer sterk');
    expect(server.callsTo('POST', PASSWORD_RESET_PATHS.resetPassword)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Herhaal/));
    await user.type(screen.getByLabelText(/^Herhaal/), 'Zomer-Appel-42');
    await user.click(screen.getByTestId('reset-password-submit'));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await screen.findByTestId('password-set')).toHaveTextContent(
      'Uw wachtwoord is ingesteld',
    );
    const [call] = server.callsTo('POST', PASSWORD_RESET_PATHS.resetPassword);
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      token: 'good-token',
      password: 'Zomer-Appel-42',
    });
  });

  it('shows the server refusals: a common password at its field, a link used meanwhile, any other failure', async () => {
    const server = serverWithLink('invitation');
    const answers = [
      { status: 400, body: { code: 'PASSWORD_TOO_COMMON', message: 'common' } },
      { status: 500, body: { code: 'INTERNAL', message: 'oops' } },
      invalid,
    ];
    server.on('POST', PASSWORD_RESET_PATHS.resetPassword, () => answers.shift() ?? invalid);
    renderApp(server, '/resetpassword?token=good-token');
    expect(
      await screen.findByRole('heading', { name: 'Welkom bij Klik: kies uw wachtwoord' }),
    ).toBeVisible();
    const user = await typePasswords('Password123');
    expect(
      await screen.findByText('Dit wachtwoord wordt te vaak gebruikt. Kies een ander'),
    ).toBeVisible();
    await user.click(screen.getByTestId('reset-password-submit'));
    expect(await screen.findByTestId('reset-password-error')).toHaveTextContent(
      'Het wachtwoord opnieuw instellen is mislukt',
    );
    await user.click(screen.getByTestId('reset-password-submit'));
    expect(await screen.findByTestId('reset-link-invalid')).toBeVisible();
  });

  it('works in English', async () => {
    const server = createFakeServer({ env: { locale: 'en' } });
    server.on('GET', PASSWORD_RESET_PATHS.resetPasswordCheck, () => invalid);
    renderApp(server, '/resetpassword?token=x');
    expect(await screen.findByTestId('reset-link-invalid')).toHaveTextContent('Invalid reset URL');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });
});
