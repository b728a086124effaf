import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, SSO_PATHS } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

const customer = aUserSession({ token: 'sso-token', username: 'eva' });
const admin = aUserSession({ token: 'sso-admin', username: 'anne', role: 'admin' as const });

/** A fake server whose loginOAuth2 answers as the real one would for this code. */
function serverAnswering(answer: { status: number; body?: unknown }) {
  const server = createFakeServer({});
  server.on('POST', SSO_PATHS.loginOAuth2, () => answer);
  return server;
}

function storeEarlierSession(token: string) {
  window.sessionStorage.setItem(
    'session',
    JSON.stringify({ ...aUserSession({ token }), lastRefresh: new Date().toISOString() }),
  );
}

describe('sso screen', () => {
  it('exchanges the code and state (and iss) from the query and lands a customer user on dashboard', async () => {
    const server = serverAnswering({ status: 200, body: customer });
    const app = renderApp(server, '/sso?code=the-code&state=the-state&iss=https%3A%2F%2Fidp');
    expect(await screen.findByText('Bezig met inloggen')).toBeInTheDocument();
    await screen.findByTestId('screen-dashboard');
    expect(app.location()).toBe('/dashboard');
    expect(JSON.parse(server.callsTo('POST', SSO_PATHS.loginOAuth2)[0]?.body ?? '{}')).toEqual({
      code: 'the-code',
      state: 'the-state',
      iss: 'https://idp',
    });
    const stored = JSON.parse(window.sessionStorage.getItem('session') ?? '{}') as {
      token?: string;
    };
    expect(stored.token).toBe('sso-token');
  });

  it('lands an administrator on admindashboard', async () => {
    const app = renderApp(serverAnswering({ status: 200, body: admin }), '/sso?code=c&state=s');
    await waitFor(() => expect(app.location()).toBe('/admindashboard'));
  });

  it('ends an earlier session first: locally, then on the server with its token', async () => {
    storeEarlierSession('old-token');
    const server = serverAnswering({ status: 200, body: customer });
    let storedWhenLoggedOut: string | null = 'not called';
    server.on('POST', AUTH_PATHS.logout, () => {
      storedWhenLoggedOut = window.sessionStorage.getItem('session');
      return { status: 204 };
    });
    renderApp(server, '/sso?code=c&state=s');
    await screen.findByTestId('screen-dashboard');
    expect(server.callsTo('POST', AUTH_PATHS.logout)[0]?.body).toBe('old-token');
    expect(storedWhenLoggedOut).toBeNull();
  });

  it('only logs a failed logout of the earlier session and signs in anyway', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    storeEarlierSession('old-token');
    const server = serverAnswering({ status: 200, body: customer });
    server.on('POST', AUTH_PATHS.logout, () => ({ status: 500 }));
    renderApp(server, '/sso?code=c&state=s');
    await screen.findByTestId('screen-dashboard');
    expect(warn).toHaveBeenCalledWith('Logging out the earlier session failed', expect.anything());
  });

  it('says there is no account for the identity when the server refuses it (403)', async () => {
    renderApp(
      serverAnswering({
        status: 403,
        body: { code: 'INVALID_CREDENTIALS', message: 'Invalid username and password' },
      }),
      '/sso?code=c&state=s',
    );
    expect(await screen.findByTestId('sso-error')).toHaveTextContent(
      'Ongeldige gebruikersnaam of wachtwoord',
    );
    expect(screen.getByRole('link', { name: 'Terug naar inloggen' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('says a sign-in started elsewhere or expired is to be started again, not that the product is down', async () => {
    renderApp(
      serverAnswering({ status: 400, body: { code: 'SSO_STATE_INVALID', message: 'Expired' } }),
      '/sso?code=c&state=s',
    );
    const error = await screen.findByTestId('sso-error');
    expect(error).toHaveTextContent(
      'op een ander adres gestart, of duurde te lang. Begin opnieuw.',
    );
    expect(error).not.toHaveTextContent('niet beschikbaar');
  });

  it('shows the other message when the provider refused, and without a code asks nothing', async () => {
    renderApp(
      serverAnswering({ status: 400, body: { code: 'SSO_FAILED', message: 'Refused' } }),
      '/sso?code=c&state=s',
    );
    expect(await screen.findByTestId('sso-error')).toHaveTextContent('Inloggen niet mogelijk');
    const server = serverAnswering({ status: 200, body: customer });
    renderApp(server, '/sso?error=access_denied');
    expect((await screen.findAllByTestId('sso-error')).at(-1)).toHaveTextContent(
      'Inloggen niet mogelijk',
    );
    expect(server.callsTo('POST', SSO_PATHS.loginOAuth2)).toHaveLength(0);
  });

  it('after an absolute ssourl sends the spec’s {code} alone, once the state of this tab came back', async () => {
    const ssourl = 'https://idp.example/auth?client_id=klik&response_type=code';
    const server = createFakeServer({ env: { ssourl } });
    server.on('POST', SSO_PATHS.loginOAuth2, () => ({ status: 200, body: customer }));
    window.sessionStorage.setItem('klik.sso.state', 'tab-state');
    renderApp(server, '/sso?code=the-code&state=tab-state');
    await screen.findByTestId('screen-dashboard');
    expect(JSON.parse(server.callsTo('POST', SSO_PATHS.loginOAuth2)[0]?.body ?? '{}')).toEqual({
      code: 'the-code',
    });
    expect(window.sessionStorage.getItem('klik.sso.state')).toBeNull();
  });

  it('after an absolute ssourl refuses a code that came back with another state', async () => {
    const server = createFakeServer({
      env: { ssourl: 'https://idp.example/auth?client_id=klik' },
    });
    server.on('POST', SSO_PATHS.loginOAuth2, () => ({ status: 200, body: customer }));
    window.sessionStorage.setItem('klik.sso.state', 'tab-state');
    renderApp(server, '/sso?code=planted&state=someone-elses');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent('Begin opnieuw.');
    expect(server.callsTo('POST', SSO_PATHS.loginOAuth2)).toHaveLength(0);
  });

  it('warns Internet Explorer users', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    );
    const app = renderApp(
      serverAnswering({ status: 400, body: { code: 'SSO_FAILED', message: '' } }),
      '/sso',
    );
    expect(await screen.findByTestId('ie-warning')).toHaveTextContent(
      'Internet Explorer wordt niet ondersteund.',
    );
    expect(screen.getByTestId('sso-error')).toBeInTheDocument();
    await expectNoAxeViolations(app.container);
  });
});
