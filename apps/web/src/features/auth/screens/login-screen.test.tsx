import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, LOCALE_PATHS, type UserSession } from '@klik/api';
import { aCustomer, aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

const users = {
  jansen: { password: 'geheim', session: aUserSession() },
  beheer: {
    password: 'admin-pw',
    session: aUserSession({ token: 'admin-token', username: 'beheer', role: 'admin' as const }),
  },
  am: {
    password: 'am-pw',
    session: aUserSession({ token: 'am-token', username: 'am', role: 'accountmanager' as const }),
  },
  tpi: {
    password: 'tpi-pw',
    session: aUserSession({
      token: 'tpi-token',
      username: 'tpi',
      role: 'consultant' as const,
      allowTPIPage: true,
    }),
  },
  adviseur: {
    password: 'adv-pw',
    session: aUserSession({
      token: 'adv-token',
      username: 'adviseur',
      role: 'consultant' as const,
    }),
  },
};

async function openLogin(path = '/login', server = createFakeServer({ users })) {
  const app = renderApp(server, path);
  await screen.findByTestId('login-form');
  return { app, server, user: userEvent.setup() };
}

async function logIn(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  if (username) await user.type(screen.getByLabelText(/Gebruikersnaam|Username/), username);
  if (password) await user.type(screen.getByLabelText(/Wachtwoord|Password/), password);
  await user.click(screen.getByTestId('login-submit'));
}

describe('login screen', () => {
  it('shows the labelled fields, the log-in button and the forgot-password link in Dutch', async () => {
    await openLogin();
    expect(screen.getByLabelText('Gebruikersnaam')).toBeInTheDocument();
    expect(screen.getByLabelText('Wachtwoord')).toBeInTheDocument();
    expect(screen.getByTestId('login-submit')).toHaveTextContent('Inloggen');
    expect(screen.getByRole('link', { name: 'Wachtwoord vergeten?' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    expect(screen.queryByTestId('ie-warning')).not.toBeInTheDocument();
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });

  it('shows validation only after a submit attempt and does not submit an invalid form', async () => {
    const { server, user } = await openLogin();
    expect(screen.queryByText('Gebruikersnaam verplicht')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Gebruikersnaam verplicht')).toBeInTheDocument();
    expect(screen.getByText('Wachtwoord verplicht')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Wachtwoord'), 'a'.repeat(21));
    // Over 20 characters is the spec's 'Password obligatory', not a message of its own.
    expect(screen.getByText('Wachtwoord verplicht')).toBeInTheDocument();
    await user.click(screen.getByTestId('login-submit'));
    expect(server.callsTo('POST', AUTH_PATHS.login)).toHaveLength(0);
  });

  it('shows the invalid-credentials message on 403 and the unavailable message otherwise, one at a time', async () => {
    const { server, user } = await openLogin();
    await logIn(user, 'jansen', 'fout');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Ongeldige gebruikersnaam of wachtwoord',
    );

    server.on('POST', AUTH_PATHS.login, () => ({
      status: 503,
      body: { code: 'INTERNAL', message: 'down' },
    }));
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('login-error')).toHaveTextContent(/^Inloggen niet mogelijk/),
    );
    expect(screen.getAllByTestId('login-error')).toHaveLength(1);
    expect(screen.queryByText('Ongeldige gebruikersnaam of wachtwoord')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Wachtwoord'));
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    expect(screen.getByText('Wachtwoord verplicht')).toBeInTheDocument();
  });

  it('words the login failure in the environment locale, whatever the switch says (spec section 8)', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByTestId('locale-en'));
    await screen.findByLabelText('Username');
    await logIn(user, 'jansen', 'fout');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Ongeldige gebruikersnaam of wachtwoord',
    );
    expect(screen.getByTestId('login-error')).toHaveAttribute('lang', 'nl');
  });

  it('words the login failure in English when the environment locale is en', async () => {
    const server = createFakeServer({ users, env: { locale: 'en' } });
    const { user } = await openLogin('/login', server);
    await logIn(user, 'jansen', 'fout');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Invalid username and password',
    );
  });

  it('an XSRF refusal asks to reload the page instead of blaming the password', async () => {
    const server = createFakeServer({ users });
    server.on('POST', AUTH_PATHS.login, () => ({
      status: 400,
      body: { code: 'XSRF_MISMATCH', message: 'x' },
    }));
    const { user } = await openLogin('/login', server);
    await logIn(user, 'jansen', 'geheim');
    const error = await screen.findByTestId('login-error');
    expect(error).toHaveTextContent(/Inloggen niet mogelijk/);
    expect(error).toHaveTextContent(/Vernieuw de pagina/);
    expect(screen.queryByText('Ongeldige gebruikersnaam of wachtwoord')).not.toBeInTheDocument();
  });

  it("shows the server's message when there were too many attempts", async () => {
    const server = createFakeServer({ users });
    server.on('POST', AUTH_PATHS.login, () => ({
      status: 429,
      body: {
        code: 'TOO_MANY_ATTEMPTS',
        message: 'Te veel pogingen. Probeer het over 60 seconden opnieuw.',
        retryAfterSeconds: 60,
      },
    }));
    const { user } = await openLogin('/login', server);
    await logIn(user, 'jansen', 'geheim');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Te veel pogingen. Probeer het over 60 seconden opnieuw.',
    );
  });

  it('asks an administrator for the authenticator code when the server wants it, then signs in', async () => {
    const server = createFakeServer({ users });
    server.on('POST', AUTH_PATHS.login, ({ body }) => {
      const { totpCode } = JSON.parse(body ?? '{}') as { totpCode?: string };
      if (totpCode === undefined) {
        return { status: 401, body: { code: 'SECOND_FACTOR_REQUIRED', message: 'code' } };
      }
      return totpCode === '424242'
        ? { status: 200, body: users.beheer.session }
        : { status: 422, body: { code: 'SECOND_FACTOR_INVALID', message: 'wrong' } };
    });
    const { user } = await openLogin('/login', server);
    expect(screen.queryByTestId('login-totp-code')).not.toBeInTheDocument();
    await logIn(user, 'beheer', 'admin-pw');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Voer de code uit uw authenticator-app in',
    );
    const code = screen.getByLabelText('Code uit uw authenticator-app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '111111');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(/klopt niet of is al gebruikt/)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '424242');
    await user.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('screen-admindashboard');
    const bodies = server
      .callsTo('POST', AUTH_PATHS.login)
      .map((call) => JSON.parse(call.body ?? '{}'));
    expect(bodies.map((body: { totpCode?: string }) => body.totpCode)).toEqual([
      undefined,
      '111111',
      '424242',
    ]);
  });

  it('a network failure reads as the product being unavailable', async () => {
    const server = createFakeServer({ users });
    server.on('POST', AUTH_PATHS.login, () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = await openLogin('/login', server);
    await logIn(user, 'jansen', 'geheim');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(/^Inloggen niet mogelijk/);
  });

  it('disables the form and shows a spinner while logging in', async () => {
    const server = createFakeServer({ users });
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    server.on('POST', AUTH_PATHS.login, () => new Promise((resolve) => (answer = resolve)));
    const { user, app } = await openLogin('/login', server);
    await logIn(user, 'jansen', 'geheim');
    expect(screen.getByTestId('login-submit')).toHaveAttribute('data-loading', 'true');
    expect(screen.getByLabelText('Gebruikersnaam')).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Bezig met inloggen');
    answer({ status: 200, body: users.jansen.session });
    await screen.findByTestId('screen-dashboard');
    expect(app.location()).toBe('/dashboard');
  });

  it.each([
    ['jansen', '/dashboard', 'screen-dashboard'],
    ['beheer', '/admindashboard', 'screen-admindashboard'],
    ['am', '/admindashboard', 'screen-admindashboard'],
    ['tpi', '/overview', 'screen-overview'],
    ['adviseur', '/dashboard', 'screen-dashboard'],
  ] as const)('after login %s lands on %s', async (username, path, testId) => {
    const { user, app } = await openLogin();
    await logIn(user, username, users[username].password);
    await screen.findByTestId(testId);
    expect(app.location()).toBe(path);
  });

  it('stores the session, clears positions data and selects the first customer and dashboard', async () => {
    window.localStorage.setItem('position_5', '{}');
    window.localStorage.setItem('summaryD_101', '{}');
    const { user } = await openLogin();
    await logIn(user, 'jansen', 'geheim');
    await screen.findByTestId('screen-dashboard');
    const stored = JSON.parse(window.sessionStorage.getItem('session') ?? '{}') as {
      token?: string;
      lastRefresh?: string;
    };
    expect(stored.token).toBe('token-of-customer');
    expect(Number.isNaN(Date.parse(stored.lastRefresh ?? ''))).toBe(false);
    expect(window.localStorage.getItem('position_5')).toBeNull();
    expect(window.localStorage.getItem('summaryD_101')).toBeNull();
    expect(JSON.parse(window.sessionStorage.getItem('selectedCustomer') ?? '{}')).toEqual(
      aCustomer(),
    );
    expect(JSON.parse(window.sessionStorage.getItem('selectedDashboard') ?? '{}')).toEqual({
      id: 101,
      name: 'Hoofdvestiging',
    });
  });

  it('honours a returnUrl the user may open', async () => {
    const { user, app } = await openLogin('/login?returnUrl=%2Fmyinfo');
    await logIn(user, 'jansen', 'geheim');
    await screen.findByTestId('screen-myinfo');
    expect(app.location()).toBe('/myinfo');
  });

  it('ignores a returnUrl to another site or to a screen the role may not open', async () => {
    const first = await openLogin('/login?returnUrl=%2F%2Fevil.example%2Fdashboard');
    await logIn(first.user, 'jansen', 'geheim');
    await screen.findByTestId('screen-dashboard');
    expect(first.app.location()).toBe('/dashboard');
    first.app.unmount();

    const second = await openLogin('/login?returnUrl=%2Fadmindashboard');
    await logIn(second.user, 'jansen', 'geheim');
    await screen.findByTestId('screen-dashboard');
    expect(second.app.location()).toBe('/dashboard');
  });

  it('logs out an existing session first: locally, then on the server with its token', async () => {
    window.sessionStorage.setItem(
      'session',
      JSON.stringify({
        ...aUserSession({ token: 'old-token' }),
        lastRefresh: new Date().toISOString(),
      }),
    );
    const server = createFakeServer({ users });
    let sessionWhenServerWasCalled: string | null = 'not called';
    server.on('POST', AUTH_PATHS.logout, () => {
      sessionWhenServerWasCalled = window.sessionStorage.getItem('session');
      return { status: 204 };
    });
    await openLogin('/login', server);
    await waitFor(() => expect(server.callsTo('POST', AUTH_PATHS.logout)).toHaveLength(1));
    expect(server.callsTo('POST', AUTH_PATHS.logout)[0]?.body).toBe('old-token');
    expect(sessionWhenServerWasCalled).toBeNull();
    expect(window.sessionStorage.getItem('session')).toBeNull();
  });

  it('after login-as ends the borrowed and the own session on the server before the form shows', async () => {
    const stored = (overrides: Partial<UserSession>) => ({
      ...aUserSession(overrides),
      lastRefresh: new Date().toISOString(),
    });
    window.sessionStorage.setItem(
      'session',
      JSON.stringify(stored({ token: 'borrowed-token', impersonatedBy: 'beheer' })),
    );
    window.sessionStorage.setItem(
      'impersonator',
      JSON.stringify({
        session: stored({ token: 'admin-token', username: 'beheer', role: 'admin' }),
        returnTo: '/csu',
      }),
    );
    const server = createFakeServer({ users });
    const formShownAtLogout: boolean[] = [];
    server.on('POST', AUTH_PATHS.logout, () => {
      formShownAtLogout.push(screen.queryByTestId('login-form') !== null);
      return { status: 204 };
    });
    renderApp(server, '/login');
    expect(await screen.findByTestId('login-ending-session')).toHaveTextContent(
      'De vorige sessie wordt afgemeld',
    );
    await screen.findByTestId('login-form');
    expect(
      server
        .callsTo('POST', AUTH_PATHS.logout)
        .map((call) => call.body)
        .sort(),
    ).toEqual(['admin-token', 'borrowed-token']);
    expect(formShownAtLogout).toEqual([false, false]);
    expect(window.sessionStorage.getItem('session')).toBeNull();
    expect(window.sessionStorage.getItem('impersonator')).toBeNull();
    expect(screen.queryByTestId('login-ending-session')).not.toBeInTheDocument();
  });

  it('only logs a failed logout of the earlier session', async () => {
    window.sessionStorage.setItem(
      'session',
      JSON.stringify({
        ...aUserSession({ token: 'old-token' }),
        lastRefresh: new Date().toISOString(),
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = createFakeServer({ users });
    server.on('POST', AUTH_PATHS.logout, () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'x' },
    }));
    await openLogin('/login', server);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });

  it('switches to English with the flags and remembers the choice', async () => {
    const { user, server } = await openLogin();
    expect(screen.getByTestId('locale-nl')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('locale-en')).toHaveAccessibleName('English');
    await user.click(screen.getByTestId('locale-en'));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByTestId('locale-en')).toHaveAttribute('aria-pressed', 'true');
    expect(window.sessionStorage.getItem('locale')).toBe('"en"');
    expect(document.cookie).toContain('locale=en');
    // Nobody is signed in yet, so the server is not told.
    expect(server.requests.some((request) => request.path.includes('setLocale'))).toBe(false);

    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Username obligatory')).toBeInTheDocument();
    expect(screen.getByText('Password obligatory')).toBeInTheDocument();
    await logIn(user, 'jansen', 'fout');
    // The failure itself speaks the environment's language (spec section 8).
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Ongeldige gebruikersnaam of wachtwoord',
    );
    const lastLogin = server.callsTo('POST', AUTH_PATHS.login).at(-1);
    expect(lastLogin?.headers.get('locale')).toBe('en');
  });

  it('offers the languages GET /rest/locale/available names: one language leaves no switch', async () => {
    const both = createFakeServer({ users });
    const first = await openLogin('/login', both);
    expect(await screen.findByTestId('locale-en')).toBeInTheDocument();
    expect(both.callsTo('GET', LOCALE_PATHS.available)).toHaveLength(1);
    first.app.unmount();

    const dutchOnly = createFakeServer({ users });
    dutchOnly.on('GET', LOCALE_PATHS.available, () => ({ status: 200, body: ['nl'] }));
    await openLogin('/login', dutchOnly);
    await waitFor(() => expect(dutchOnly.callsTo('GET', LOCALE_PATHS.available)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('locale-en')).not.toBeInTheDocument());
    expect(screen.queryByTestId('locale-nl')).not.toBeInTheDocument();
  });

  it('warns Internet Explorer users and links to another browser', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    );
    await openLogin();
    const warning = screen.getByTestId('ie-warning');
    expect(warning).toHaveTextContent('Internet Explorer wordt niet ondersteund.');
    expect(screen.getByRole('link', { name: 'Google Chrome downloaden' })).toHaveAttribute(
      'href',
      'https://www.google.com/chrome/',
    );
  });

  it("words the Internet Explorer warning as the deployment's translations name it in the spec", async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)',
    );
    const server = createFakeServer({
      users,
      env: {
        translations: {
          nl: {
            'internet explorer.part1': 'Deze browser wordt niet meer ondersteund.',
            'internet explorer.part2': 'Kies een moderne browser.',
            'internet explorer.part3': 'Naar de download',
          },
        },
      },
    });
    await openLogin('/login', server);
    const warning = screen.getByTestId('ie-warning');
    expect(warning).toHaveTextContent('Deze browser wordt niet meer ondersteund.');
    expect(warning).toHaveTextContent('Kies een moderne browser.');
    expect(screen.getByRole('link', { name: 'Naar de download' })).toHaveAttribute(
      'href',
      'https://www.google.com/chrome/',
    );
  });

  it('links to the forgot-password screen and back', async () => {
    const { user, app } = await openLogin();
    await user.click(screen.getByRole('link', { name: 'Wachtwoord vergeten?' }));
    expect(await screen.findByTestId('screen-forgotpassword')).toHaveTextContent(
      'Gebruikersnaam of e-mailadres',
    );
    await user.click(screen.getByRole('link', { name: 'Terug naar inloggen' }));
    await screen.findByTestId('login-form');
    expect(app.location()).toBe('/login');
  });
});
