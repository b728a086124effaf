import userEvent from '@testing-library/user-event';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, type Account, type OwnSession, type UserSession, pathTo } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession, anAccount } from '../../../test/builders';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

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
    server.on('DELETE', pathTo(ACCOUNT_PATHS.session, { sessionId: 2 }), () => ({ status: 204 }));
    const user = userEvent.setup();
    const table = await screen.findByTestId('own-sessions');
    expect(within(table).getByTestId('own-session-1')).toHaveTextContent('Deze sessie');
    expect(within(table).getByTestId('own-session-2')).toHaveTextContent(
      'ingelogd als u door beheer',
    );
    await user.click(screen.getByRole('button', { name: 'Sessie beëindigen: Safari on iOS' }));
    // The dialog fades in: wait until it is shown, not only in the page.
    const question = await screen.findByText('Die browser (Safari on iOS) wordt direct uitgelogd.');
    await waitFor(() => expect(question).toBeVisible());
    await user.click(screen.getByTestId('confirm-end-session'));
    expect(await screen.findByTestId('session-ended-notice')).toBeVisible();
    expect(server.callsTo('DELETE', pathTo(ACCOUNT_PATHS.session, { sessionId: 2 }))).toHaveLength(
      1,
    );
    expect(server.callsTo('DELETE', pathTo(ACCOUNT_PATHS.session, { sessionId: 1 }))).toHaveLength(
      0,
    );
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

  it('sets up an authenticator app with the QR code and a first code from the app', async () => {
    const { server } = await openMyInfo({});
    server.on('POST', ACCOUNT_PATHS.totp, () => ({
      status: 200,
      body: {
        uri: 'otpauth://totp/Klik:jansen?secret=JBSWY3DPEHPK3PXP&issuer=Klik',
        secret: 'JBSWY3DPEHPK3PXP',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
    }));
    server.on('POST', ACCOUNT_PATHS.totpVerification, ({ body }) =>
      JSON.parse(body ?? '{}').code === '654321'
        ? { status: 200, body: anAccount({ totp: 'on' }) }
        : { status: 422, body: { code: 'SECOND_FACTOR_INVALID', message: 'wrong' } },
    );
    const user = userEvent.setup();
    expect(await screen.findByTestId('totp-status')).toHaveTextContent(
      'U heeft geen authenticator-app ingesteld',
    );
    await user.click(screen.getByRole('button', { name: 'Authenticator-app instellen' }));
    expect(await screen.findByAltText('QR-code voor uw authenticator-app')).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    const code = screen.getByLabelText('Code uit de app');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'App inschakelen' }));
    expect(
      await screen.findByText('De code uit uw authenticator-app klopt niet of is al gebruikt'),
    ).toBeVisible();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'App inschakelen' }));
    expect(await screen.findByText('Uw authenticator-app is ingeschakeld.')).toBeVisible();
    expect(screen.getByTestId('totp-status')).toHaveTextContent('Uw authenticator-app staat aan.');
    expect(screen.queryByTestId('totp-enrolment')).toBeNull();
  });

  it('turns the app off with a current code', async () => {
    const { server } = await openMyInfo({}, anAccount({ totp: 'on' }));
    server.on('DELETE', ACCOUNT_PATHS.totp, () => ({
      status: 200,
      body: anAccount({ totp: 'off' }),
    }));
    const user = userEvent.setup();
    const form = await screen.findByTestId('totp-remove');
    await user.type(within(form).getByLabelText('Code uit de app'), '123456');
    await user.click(within(form).getByRole('button', { name: 'App uitschakelen' }));
    expect(await screen.findByText('Uw authenticator-app is uitgeschakeld.')).toBeVisible();
    const [call] = server.callsTo('DELETE', ACCOUNT_PATHS.totp);
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ code: '123456' });
  });

  it('sends an administrator who must set up the app to myinfo first', async () => {
    const server = createFakeServer({});
    server.on('GET', ACCOUNT_PATHS.account, () => ({ status: 200, body: anAccount() }));
    server.on('GET', ACCOUNT_PATHS.sessions, () => ({ status: 200, body: { data: [] } }));
    startSession(aUserSession({ role: 'admin', secondFactorSetupRequired: true }));
    renderApp(server, '/admindashboard');
    expect(await screen.findByTestId('screen-myinfo')).toBeVisible();
    expect(screen.getByTestId('totp-setup-required')).toHaveTextContent(
      'Stel eerst een authenticator-app in',
    );
  });

  it('offers no authenticator app change to someone signed in as the user', async () => {
    await openMyInfo({ impersonatedBy: 'beheer' }, anAccount({ mayChangeMobile: false }));
    expect(
      await screen.findByText('Alleen de gebruiker zelf kan de authenticator-app wijzigen.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Authenticator-app instellen' })).toBeNull();
  });

  it('has no axe violations while an authenticator app is being set up', async () => {
    const { view, server } = await openMyInfo({});
    server.on('POST', ACCOUNT_PATHS.totp, () => ({
      status: 200,
      body: { uri: 'otpauth://totp/Klik:jansen', secret: 'JBSWY3DP', qrCode: 'data:,' },
    }));
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Authenticator-app instellen' }));
    await screen.findByTestId('totp-enrolment');
    await expectNoAxeViolations(view);
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
