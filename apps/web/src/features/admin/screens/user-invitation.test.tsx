import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, pathTo } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';
import { anAdminSession, anAdminUser } from '../test-builders';

vi.setConfig({ testTimeout: 20_000 });

function open(answer: { status: number; body: unknown }, user = anAdminUser()) {
  const server = createFakeServer({});
  server.on('GET', pathTo(ADMIN_PATHS.user, { userId: user.id }), () => ({
    status: 200,
    body: user,
  }));
  server.on('POST', pathTo(ADMIN_PATHS.userInvitation, { userId: user.id }), () => answer);
  startSession(anAdminSession());
  renderApp(server, `/editusers/${user.id}`);
  return { server, user: userEvent.setup() };
}

describe('re-sending an invitation on editusers', () => {
  it('e-mails the user a new link to choose their password and says so', async () => {
    const { server, user } = open({ status: 200, body: anAdminUser() });
    const panel = await screen.findByTestId('invitation');
    expect(panel).toHaveTextContent('Mail piet@jansen.nl een link');
    await user.click(screen.getByTestId('invitation-send'));
    expect(await screen.findByTestId('invitation-sent')).toHaveTextContent(
      'De uitnodiging is verstuurd.',
    );
    expect(server.callsTo('POST', pathTo(ADMIN_PATHS.userInvitation, { userId: 31 }))).toHaveLength(
      1,
    );
    await expectNoAxeViolations();
  });

  it('shows why the server refused', async () => {
    const { user } = open({ status: 403, body: { code: 'FORBIDDEN', message: 'no' } });
    await user.click(await screen.findByTestId('invitation-send'));
    expect(await screen.findByTestId('invitation-error')).toHaveTextContent(
      'U heeft hiervoor geen toestemming.',
    );
  });

  it('is not offered for a deactivated user', async () => {
    open({ status: 200, body: anAdminUser() }, anAdminUser({ active: false }));
    await screen.findByTestId('user-active');
    expect(screen.queryByTestId('invitation')).not.toBeInTheDocument();
  });
});
