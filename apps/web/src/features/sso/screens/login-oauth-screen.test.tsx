import userEvent from '@testing-library/user-event';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SSO_PATHS } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';
import { redirectBrowser } from '../browser-redirect';

vi.mock('../browser-redirect', () => ({ redirectBrowser: vi.fn() }));

const AUTHORIZE = 'https://idp.example/auth?client_id=klik&response_type=code&state=s';

function portal(
  providers: { id: string; label: string }[],
  ssourl = '/loginoauth',
  returnUrl = `${window.location.origin}/sso`,
) {
  const server = createFakeServer({ env: { ssourl } });
  server.on('GET', SSO_PATHS.providers, () => ({ status: 200, body: { providers, returnUrl } }));
  server.on('POST', SSO_PATHS.start, () => ({
    status: 200,
    body: { authorizationUrl: AUTHORIZE },
  }));
  return server;
}

beforeEach(() => {
  vi.mocked(redirectBrowser).mockClear();
});

describe('loginoauth screen', () => {
  it('says the user is redirected and sends the browser at once to the address the server made', async () => {
    const server = portal([{ id: 'acme', label: 'Acme' }]);
    renderApp(server, '/loginoauth');
    expect(await screen.findByTestId('sso-redirecting')).toHaveTextContent(
      'U wordt doorgestuurd naar de single sign-on login',
    );
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith(AUTHORIZE));
    expect(server.callsTo('POST', SSO_PATHS.start).map((call) => call.body)).toEqual([
      '{"provider":"acme"}',
    ]);
  });

  it('lets the user choose among several providers, or takes the one in ?provider=', async () => {
    const providers = [
      { id: 'acme', label: 'Acme' },
      { id: 'globex', label: 'Globex' },
    ];
    const server = portal(providers);
    const app = renderApp(server, '/loginoauth');
    const globex = await screen.findByRole('button', { name: 'Globex' });
    await expectNoAxeViolations(app.container);
    await userEvent.setup().click(globex);
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith(AUTHORIZE));
    expect(server.callsTo('POST', SSO_PATHS.start)[0]?.body).toBe('{"provider":"globex"}');

    const direct = portal(providers);
    renderApp(direct, '/loginoauth?provider=acme');
    await waitFor(() => expect(direct.callsTo('POST', SSO_PATHS.start)).toHaveLength(1));
    expect(direct.callsTo('POST', SSO_PATHS.start)[0]?.body).toBe('{"provider":"acme"}');
  });

  it('first moves the browser to the origin the provider sends back to, keeping ?provider=', async () => {
    // Opened on 127.0.0.1 while the provider returns to localhost (or the other way round): the
    // state cookie would be set on one and missed on the other.
    const here = new URL(window.location.href);
    const elsewhere = here.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const returnOrigin = `${here.protocol}//${elsewhere}:${here.port || '80'}`;
    const server = portal([{ id: 'acme', label: 'Acme' }], '/loginoauth', `${returnOrigin}/sso`);
    renderApp(server, '/loginoauth?provider=acme');
    await waitFor(() =>
      expect(redirectBrowser).toHaveBeenCalledWith(`${returnOrigin}/loginoauth?provider=acme`),
    );
    expect(server.callsTo('POST', SSO_PATHS.start)).toHaveLength(0);
    expect(screen.queryByTestId('sso-error')).not.toBeInTheDocument();
  });

  it('goes straight to an absolute ssourl, the provider’s own authorise address, with a state of this tab', async () => {
    const ssourl = `https://sso.example/authorize?client_id=klik&response_type=code&state=fixed&redirect_uri=${encodeURIComponent(`${window.location.origin}/sso`)}`;
    const server = portal([], ssourl);
    renderApp(server, '/loginoauth');
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledTimes(1));
    const sent = new URL(vi.mocked(redirectBrowser).mock.calls[0]?.[0] ?? '');
    expect(`${sent.origin}${sent.pathname}`).toBe('https://sso.example/authorize');
    expect(sent.searchParams.get('client_id')).toBe('klik');
    const state = sent.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[\w-]{43}$/);
    expect(window.sessionStorage.getItem('klik.sso.state')).toBe(state);
    expect(server.callsTo('POST', SSO_PATHS.start)).toHaveLength(0);
  });

  it('reaches an absolute ssourl from the login screen through loginoauth', async () => {
    renderApp(portal([], 'https://sso.example/authorize?client_id=klik'), '/login');
    const link = await screen.findByRole('link', { name: 'Inloggen met single sign-on' });
    expect(link).toHaveAttribute('href', '/loginoauth');
    await userEvent.setup().click(link);
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledTimes(1));
    expect(vi.mocked(redirectBrowser).mock.calls[0]?.[0]).toMatch(
      /^https:\/\/sso\.example\/authorize\?client_id=klik&state=[\w-]{43}$/,
    );
  });

  it('leaves for an absolute ssourl from the origin of its redirect_uri', async () => {
    const ssourl = `https://sso.example/authorize?client_id=klik&redirect_uri=${encodeURIComponent('http://portal.example/sso')}`;
    renderApp(portal([], ssourl), '/loginoauth');
    await waitFor(() =>
      expect(redirectBrowser).toHaveBeenCalledWith('http://portal.example/loginoauth'),
    );
  });

  it('shows the unavailable message when the server cannot start a sign-in', async () => {
    const server = portal([{ id: 'acme', label: 'Acme' }]);
    server.on('POST', SSO_PATHS.start, () => ({
      status: 400,
      body: { code: 'SSO_FAILED', message: 'Provider down' },
    }));
    renderApp(server, '/loginoauth');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent('Inloggen niet mogelijk');
    expect(redirectBrowser).not.toHaveBeenCalled();
  });

  it('is offered on the login screen when ssourl is set, and not otherwise', async () => {
    const server = portal([{ id: 'acme', label: 'Acme' }]);
    renderApp(server, '/login');
    const link = await screen.findByRole('link', { name: 'Inloggen met single sign-on' });
    expect(link).toHaveAttribute('href', '/loginoauth');
    await userEvent.setup().click(link);
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith(AUTHORIZE));

    // The first portal has left for loginoauth; this one has no ssourl.
    renderApp(createFakeServer({}), '/login');
    await screen.findByTestId('login-form');
    expect(screen.queryByTestId('login-sso')).not.toBeInTheDocument();
  });
});
