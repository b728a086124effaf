import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, type UserSession } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { aClickDetail } from '../../../test/click-builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';
import { aDashboard, aSearchResult, anAuditEvent } from '../../../test/admin-area-builders';
import { anAdminSession, openWatched } from '../test-builders';

vi.setConfig({ testTimeout: 20_000 });

type Answer = { status: number; body?: unknown };

function open(
  session: UserSession,
  dashboard: () => Answer,
  search: () => Answer = () => ({ status: 200, body: aSearchResult() }),
) {
  const fake = createFakeServer({});
  fake.on('GET', ADMIN_PATHS.dashboard, dashboard);
  fake.on('GET', ADMIN_PATHS.search, search);
  const { app, callsTo, user } = openWatched(fake, '/admindashboard', session);
  return { app, searchCalls: () => callsTo(ADMIN_PATHS.search), user };
}

const linksIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('admindashboard: the figures', () => {
  it('shows an admin every figure with the screens that list them, the pause switch and the latest events', async () => {
    open(anAdminSession(), () => ({
      status: 200,
      body: aDashboard({
        recentEvents: [anAuditEvent({ actor: 'jansen', impersonator: 'beheer', action: 'login' })],
      }),
    }));
    expect(await screen.findByTestId('figure-customers-value')).toHaveTextContent('12');
    expect(screen.getByTestId('figure-customers-detail')).toHaveTextContent('2 gedeactiveerd');
    expect(linksIn('figure-customers')).toEqual([
      ['Klanten beheren', '/managecustomers'],
      ['Gedeactiveerde klanten', '/managecustomers?active=false'],
    ]);
    expect(screen.getByTestId('figure-users-value')).toHaveTextContent('48');
    expect(screen.getByTestId('figure-users-detail')).toHaveTextContent('5 nu ingelogd');
    expect(linksIn('figure-users')).toEqual([
      ['Gebruikers beheren', '/manageusers?active=true'],
      ['Ingelogde sessies', '/monitordashboard'],
    ]);
    expect(screen.getByTestId('figure-clicks-value')).toHaveTextContent('7');
    expect(screen.getByTestId('figure-clicks-detail')).toHaveTextContent('4 afgerond');
    // An admin has no click desk: today's clicks are found in the audit log.
    const [clickLink] = linksIn('figure-clicks');
    expect(clickLink?.[0]).toBe('Kliks van vandaag in de audit log');
    expect(clickLink?.[1]).toMatch(
      /^\/audit\?action=click\.execute&outcome=success&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );
    expect(linksIn('figure-clicks')).toHaveLength(1);
    expect(screen.getByTestId('figure-approvals-value')).toHaveTextContent('3');
    expect(linksIn('figure-approvals')).toEqual([
      ['Naar de kliks die wachten', '#pending-approvals'],
    ]);

    expect(await screen.findByTestId('pause-switch')).toBeInTheDocument();
    expect(screen.getByTestId('operations-source')).toHaveTextContent('gesimuleerd');
    expect(screen.queryByTestId('dashboard-paused')).not.toBeInTheDocument();

    const events = screen.getByTestId('recent-events');
    expect(within(events).getByText('login')).toBeInTheDocument();
    expect(within(events).getByText('via beheer')).toBeInTheDocument();
    expect(screen.getByTestId('to-audit')).toHaveAttribute('href', '/audit');
    await expectNoAxeViolations();
  });

  it('gives an account manager the click desk, and the pause only as a state', async () => {
    open(aUserSession({ role: 'accountmanager' }), () => ({
      status: 200,
      body: aDashboard({ pauzeActive: true, recentEvents: [] }),
    }));
    await screen.findByTestId('figure-clicks');
    expect(linksIn('figure-clicks').map(([, href]) => href)).toEqual([
      '/clickoverview',
      expect.stringMatching(/^\/audit\?action=click\.execute/),
    ]);
    expect(linksIn('figure-approvals')).toEqual([
      ['Naar de kliks die wachten', '#pending-approvals'],
    ]);
    expect(linksIn('figure-users')).toEqual([['Gebruikers beheren', '/manageusers?active=true']]);
    expect(screen.getByTestId('dashboard-paused')).toHaveTextContent('gepauzeerd');
    expect(screen.queryByTestId('pause-switch')).not.toBeInTheDocument();
    expect(screen.getByTestId('recent-events-empty')).toBeInTheDocument();
  });

  it('lists the clicks awaiting approval, the nearest deadline first, each decided after a confirmation', async () => {
    const fake = createFakeServer({});
    fake.on('GET', ADMIN_PATHS.dashboard, () => ({ status: 200, body: aDashboard() }));
    const pending = [
      {
        ...aClickDetail({ id: 7, contractId: 'KL-1', status: 'PENDING_APPROVAL', mayDecide: true }),
        customerName: 'Bakkerij Jansen',
      },
      {
        ...aClickDetail({
          id: 8,
          contractId: 'KL-2',
          status: 'PENDING_APPROVAL',
          mayDecide: false,
        }),
        customerName: 'Kwekerij Groen',
      },
    ];
    fake.on('GET', ADMIN_PATHS.approvals, () => ({ status: 200, body: { data: pending } }));
    fake.on('POST', '/rest/clicks/7/approve', () => ({
      status: 200,
      body: aClickDetail({ id: 7, status: 'IN_PROGRESS' }),
    }));
    startSession(anAdminSession());
    renderApp(fake, '/admindashboard');
    const user = userEvent.setup();
    const table = await screen.findByTestId('pending-approvals');
    expect(within(table).getByTestId('pending-approval-7')).toHaveTextContent('Bakkerij Jansen');
    expect(within(table).getByTestId('pending-approval-8')).toHaveTextContent('Alleen lezen');
    expect(within(table).queryByTestId('approve-8')).toBeNull();
    await user.click(within(table).getByTestId('approve-7'));
    await user.click(await screen.findByTestId('decision-confirm'));
    await waitFor(() => expect(fake.callsTo('POST', '/rest/clicks/7/approve')).toHaveLength(1));
    // The decision asks for the list again.
    await waitFor(() => expect(fake.callsTo('GET', ADMIN_PATHS.approvals)).toHaveLength(2));
  });

  it('says when no click awaits approval', async () => {
    const fake = createFakeServer({});
    fake.on('GET', ADMIN_PATHS.dashboard, () => ({ status: 200, body: aDashboard() }));
    fake.on('GET', ADMIN_PATHS.approvals, () => ({ status: 200, body: { data: [] } }));
    startSession(anAdminSession());
    renderApp(fake, '/admindashboard');
    expect(await screen.findByTestId('approvals-empty')).toHaveTextContent(
      'Er wacht geen klik op goedkeuring.',
    );
  });

  it('says so when the figures cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const { user } = open(anAdminSession(), () =>
      fail
        ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } }
        : { status: 200, body: aDashboard() },
    );
    const alert = await screen.findByTestId('dashboard-error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('figure-customers')).toBeVisible();
  });
});

describe('admindashboard: the search', () => {
  const found = aSearchResult({
    customers: [{ id: 11, name: 'Bakkerij Jansen', active: true }],
    users: [
      { id: 31, username: 'jansen', name: 'Piet Jansen', role: 'customer', active: true },
      { id: 32, username: 'jansen2', name: 'Klaas Jansen', role: 'consultant', active: false },
    ],
    contracts: [
      {
        contractId: 'KL-270001',
        customerId: 11,
        customerName: 'Bakkerij Jansen',
        commodity: 'Power',
        product: 'Stroom NL',
      },
    ],
  });

  it('asks the server after a pause in typing and offers the results by kind, each leading to its screen', async () => {
    const { searchCalls } = open(
      anAdminSession(),
      () => ({ status: 200, body: aDashboard() }),
      () => ({ status: 200, body: found }),
    );
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Zoeken' });
    await user.type(input, 'jansen');
    const list = await screen.findByRole('listbox', { name: 'Zoeken' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(4));
    // One call for the whole word, not one per letter.
    expect(searchCalls()).toEqual([`${ADMIN_PATHS.search}?q=jansen`]);
    expect(within(list).getByRole('group', { name: 'Klanten' })).toHaveTextContent(
      'Bakkerij Jansen',
    );
    expect(within(list).getByRole('group', { name: 'Gebruikers' })).toHaveTextContent(
      'Klaas Jansen (jansen2)Consultant, gedeactiveerd',
    );
    expect(within(list).getByRole('group', { name: 'Contracten' })).toHaveTextContent(
      'KL-270001 · Stroom NLStroom van Bakkerij Jansen',
    );
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations();
  });

  it('is used with the keyboard: arrows move through the results, Enter opens one, Escape closes', async () => {
    const { app } = open(
      anAdminSession(),
      () => ({ status: 200, body: aDashboard() }),
      () => ({ status: 200, body: found }),
    );
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Zoeken' });
    await user.type(input, 'jansen');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Piet Jansen (jansen)');
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('KL-270001');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(app.location()).toBe('/editusers/31'));
  });

  it('says when nothing is found', async () => {
    open(anAdminSession(), () => ({ status: 200, body: aDashboard() }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'Zoeken' }), 'xyz');
    await waitFor(() =>
      expect(screen.getByTestId('admin-search-message')).toHaveTextContent(
        'Niets gevonden voor ‘xyz’.',
      ),
    );
  });
});
