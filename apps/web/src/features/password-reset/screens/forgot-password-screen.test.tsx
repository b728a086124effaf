import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_PATHS } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

function serverAnswering(status: number) {
  const server = createFakeServer({});
  server.on('POST', PASSWORD_RESET_PATHS.forgotPassword, () =>
    status === 202
      ? { status, body: { accepted: true } }
      : { status, body: { code: 'INTERNAL', message: 'down' } },
  );
  return server;
}

describe('forgotpassword', () => {
  it('asks for a username or e-mail and confirms the same whatever the account', async () => {
    const server = serverAnswering(202);
    renderApp(server, '/forgotpassword');
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/Gebruikersnaam of e-mailadres/);
    await expectNoAxeViolations();

    await user.click(screen.getByTestId('forgot-password-submit'));
    expect(await screen.findByText('Gebruikersnaam is verplicht')).toBeVisible();
    expect(field).toHaveFocus();
    expect(server.callsTo('POST', PASSWORD_RESET_PATHS.forgotPassword)).toHaveLength(0);

    await user.type(field, '  Jansen@Example.nl {Enter}');
    expect(await screen.findByTestId('forgot-password-sent')).toHaveTextContent(
      'Als er een account hoort bij wat u invulde',
    );
    const [call] = server.callsTo('POST', PASSWORD_RESET_PATHS.forgotPassword);
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ usernameOrEmail: 'Jansen@Example.nl' });
    await expectNoAxeViolations();
  });

  it('says when sending failed, so the user can try again', async () => {
    renderApp(serverAnswering(500), '/forgotpassword');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Gebruikersnaam of e-mailadres/), 'jansen');
    await user.click(screen.getByTestId('forgot-password-submit'));
    expect(await screen.findByTestId('forgot-password-error')).toHaveTextContent(
      'Het versturen is niet gelukt',
    );
    expect(screen.getByTestId('forgot-password-submit')).toBeEnabled();
  });
});
