import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, DEFAULT_DELIVERY, type NotificationPreferences } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession, anAccount } from '../../../test/builders';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

const account = anAccount();

async function openPanel(
  options: { email?: string | null; preferences?: NotificationPreferences | null } = {},
): Promise<{ panel: HTMLElement; server: FakeServer }> {
  const server = createFakeServer({});
  let stored: NotificationPreferences = options.preferences ?? {
    preferences: { ...DEFAULT_DELIVERY },
  };
  server.on('GET', ACCOUNT_PATHS.account, () => ({
    status: 200,
    body: { ...account, email: options.email === undefined ? account.email : options.email },
  }));
  server.on('GET', ACCOUNT_PATHS.sessions, () => ({ status: 200, body: { data: [] } }));
  server.on('GET', ACCOUNT_PATHS.notificationPreferences, () =>
    options.preferences === null
      ? { status: 500, body: { code: 'INTERNAL', message: 'down' } }
      : { status: 200, body: stored },
  );
  server.on('PUT', ACCOUNT_PATHS.notificationPreferences, ({ body }) => {
    const changes = (JSON.parse(body ?? '{}') as NotificationPreferences).preferences;
    stored = { preferences: { ...stored.preferences, ...changes } };
    return { status: 200, body: stored };
  });
  startSession(aUserSession({}));
  renderApp(server, '/myinfo');
  await screen.findByTestId('screen-myinfo');
  const panel = (await screen.findByRole('heading', { name: 'Notificaties per e-mail' })).closest(
    'section',
  );
  if (!panel) throw new Error('no preferences section');
  return { panel, server };
}

describe('notification preferences on myinfo', () => {
  it('shows every kind grouped, ticked where it comes by e-mail (the defaults until the user chooses)', async () => {
    const { panel } = await openPanel();
    await screen.findByRole('checkbox', { name: 'Een klik is afgewezen' });
    for (const legend of ['Klikken', 'Markt en deadlines', 'Inkoopplan', 'Berichten']) {
      expect(panel).toHaveTextContent(legend);
    }
    expect(await screen.findByRole('checkbox', { name: 'Een klik is afgewezen' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Een klik is geplaatst' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mededelingen' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Voorkeuren opslaan' })).toBeDisabled();
    await expectNoAxeViolations(panel);
  });

  it('saves only what the user changed, with the keyboard, and says it is saved', async () => {
    const { server } = await openPanel();
    const user = userEvent.setup();
    const created = await screen.findByRole('checkbox', { name: 'Een klik is geplaatst' });
    created.focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: 'Een klik is afgewezen' }));
    await user.click(screen.getByRole('button', { name: 'Voorkeuren opslaan' }));

    expect(await screen.findByTestId('notification-preferences-saved')).toHaveTextContent(
      'Uw voorkeuren zijn opgeslagen.',
    );
    const [call] = server.callsTo('PUT', ACCOUNT_PATHS.notificationPreferences);
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      preferences: { CLICK_CREATED: 'email', CLICK_REJECTED: 'portal' },
    });
    expect(screen.getByRole('checkbox', { name: 'Een klik is geplaatst' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Een klik is afgewezen' })).not.toBeChecked();
  });

  it('warns a user without an e-mail address that nothing is mailed', async () => {
    await openPanel({ email: null });
    expect(await screen.findByTestId('notification-preferences-no-email')).toHaveTextContent(
      'geen e-mailadres',
    );
  });

  it('says so when the preferences cannot be loaded', async () => {
    const { panel } = await openPanel({ preferences: null });
    expect(
      await screen.findByText(
        'Uw voorkeuren konden niet worden geladen. Probeer het later opnieuw.',
      ),
    ).toBeInTheDocument();
    expect(panel.querySelector('input[type="checkbox"]')).toBeNull();
  });
});
