import userEvent from '@testing-library/user-event';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, type Account, type OwnSession, type UserSession } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

function anAccount(overrides: Partial<Account> = {}): Account {
  return {
    username: 'jansen',
    name: 'Piet Jansen',
    email: 'piet@jansen.nl',
    role: 'customer',
    locale: 'nl',
    mobile: null,
    pendingMobile: null,
    mayChangeMobile: true,
    totp: 'off',
    ...overrides,
  };
}

function aSession(overrides: Partial<OwnSession>): OwnSession {
  return {
    id: 1,
    current: false,
    device: 'Chrome on Windows',
    ip: '10.0.0.1',
    createdAt: '2026-11-23T08:00:00.000Z',
    lastUsedAt: '2026-11-23T09:00:00.000Z',
    impersonatedBy: null,
    ...overrides,
  };
}

async function openMyInfo(
  overrides: Partial<UserSession>,
  account: Account = anAccount(),
  sessions: OwnSession[] = [aSession({ id: 1, current: true })],
): Promise<{ view: HTMLElement; server: FakeServer }> {
  const server = createFakeServer({});
  server.on('GET', ACCOUNT_PATHS.account, () => ({ status: 200, body: account }));
  server.on('GET', ACCOUNT_PATHS.sessions, () => ({ status: 200, body: { data: sessions } }));
  startSession(aUserSession(overrides));
  renderApp(server, '/myinfo');
  return { view: await screen.findByTestId('screen-myinfo'), server };
}

describe('my info', () => {
  it("shows the user's details, translated role, read-only status, customers and dashboards", async () => {
    const { view } = await openMyInfo({ role: 'accountmanager', readOnly: true });
    expect(view).toHaveTextContent('Piet Jansen');
    expect(view).toHaveTextContent('jansen');
    expect(screen.getByTestId('myinfo-role')).toHaveTextContent('Accountmanager');
    expect(view).toHaveTextContent('Ja, u kunt gegevens bekijken maar niet klikken');
    expect(view).toHaveTextContent('Bakkerij Jansen');
    expect(view).toHaveTextContent('Filialen');
    expect(view).toHaveTextContent('Jansen Logistiek');
    expect(view).toHaveTextContent('Depot');
    expect(view).not.toHaveTextContent('Ingelogd als');
  });

  it('says who signed in as this user', async () => {
    const { view } = await openMyInfo({ impersonatedBy: 'beheer' });
    expect(view).toHaveTextContent('Ingelogd als jansen door beheer');
  });

  it('switches language from the page', async () => {
    await openMyInfo({ role: 'customer' });
    const user = userEvent.setup();
    const [, englishOnPage] = screen.getAllByRole('button', { name: 'English' });
    await user.click(englishOnPage ?? screen.getByTestId('locale-en'));
    expect(await screen.findByRole('heading', { name: 'My info' })).toBeInTheDocument();
    expect(screen.getByTestId('myinfo-role')).toHaveTextContent('Customer');
  });

  it('lists the own sessions and ends another one after asking', async () => {
    const { server } = await openMyInfo({}, anAccount(), [
      aSession({ id: 1, current: true }),
      aSession({ id: 2, device: 'Safari on iOS', impersonatedBy: 'beheer' }),
    ]);
    server.on('DELETE', ACCOUNT_PATHS.session(2), () => ({ status: 204 }));
    const user = userEvent.setup();
    const table = await screen.findByTestId('own-sessions');
    expect(within(table).getByTestId('own-session-1')).toHaveTextContent('Deze sessie');
    expect(within(table).getByTestId('own-session-2')).toHaveTextContent(
      'ingelogd als u door beheer',
    );
    await user.click(screen.getByRole('button', { name: 'Sessie beëindigen: Safari on iOS' }));
    expect(
      await screen.findByText('Die browser (Safari on iOS) wordt direct uitgelogd.'),
    ).toBeVisible();
    await user.click(screen.getByTestId('confirm-end-session'));
    expect(await screen.findByTestId('session-ended-notice')).toBeVisible();
    expect(server.callsTo('DELETE', ACCOUNT_PATHS.session(2))).toHaveLength(1);
    expect(server.callsTo('DELETE', ACCOUNT_PATHS.session(1))).toHaveLength(0);
  });

  it('changes the mobile number only with the code sent to it', async () => {
    const { server } = await openMyInfo({});
    const pending = anAccount({
      pendingMobile: {
        mobile: '+31612345678',
        expiresAt: '2026-11-23T10:10:00.000Z',
        resendAt: '2026-11-23T10:01:00.000Z',
      },
    });
    server.on('PUT', ACCOUNT_PATHS.mobile, ({ body }) =>
      JSON.parse(body ?? '{}').mobile === '0612'
        ? { status: 400, body: { code: 'MOBILE_INVALID', message: 'invalid' } }
        : { status: 200, body: pending },
    );
    server.on('POST', ACCOUNT_PATHS.mobileVerification, ({ body }) =>
      JSON.parse(body ?? '{}').code === '123456'
        ? { status: 200, body: anAccount({ mobile: '+31612345678' }) }
        : { status: 422, body: { code: 'SMS_CODE_INVALID', message: 'wrong' } },
    );
    const user = userEvent.setup();
    expect(await screen.findByTestId('mobile-current')).toHaveTextContent(
      'U heeft nog geen mobiel nummer',
    );
    const number = screen.getByLabelText(/Nieuw mobiel nummer/);
    await user.type(number, '0612');
    await user.click(screen.getByRole('button', { name: 'Code sturen' }));
    expect(
      await screen.findByText('Ongeldig mobiel nummer (bijvoorbeeld +31612345678)'),
    ).toBeVisible();

    await user.clear(number);
    await user.type(number, '+31 6 12345678');
    await user.click(screen.getByRole('button', { name: 'Code sturen' }));
    expect(await screen.findByTestId('mobile-code-sent')).toHaveTextContent('+31612345678');
    const code = screen.getByLabelText('Code uit de sms');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Nummer bevestigen' }));
    expect(await screen.findByText('Ongeldige sms-code.')).toBeVisible();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Nummer bevestigen' }));
    expect(await screen.findByText('Uw mobiele nummer is gewijzigd.')).toBeVisible();
    expect(screen.getByTestId('mobile-current')).toHaveTextContent(
      'Sms-codes gaan naar +31612345678.',
    );
  });

  it('offers no mobile change to someone signed in as the user', async () => {
    await openMyInfo({ impersonatedBy: 'beheer' }, anAccount({ mayChangeMobile: false }));
    expect(
      await screen.findByText('Alleen de gebruiker zelf kan het mobiele nummer wijzigen.'),
    ).toBeVisible();
    expect(screen.queryByLabelText(/Nieuw mobiel nummer/)).toBeNull();
  });

  it('has no axe violations with the sessions and the mobile number shown', async () => {
    const { view } = await openMyInfo({}, anAccount({ mobile: '+31612345678' }), [
      aSession({ id: 1, current: true }),
      aSession({ id: 2 }),
    ]);
    await screen.findByTestId('own-sessions');
    await expectNoAxeViolations(view);
  });
});
