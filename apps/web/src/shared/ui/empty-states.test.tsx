import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, type UserSession } from '@klik/api';
import { expectNoAxeViolations } from '../../test/axe';
import { createFakeServer } from '../../test/fake-server';
import { screen, openAs } from '../../test/render-app';
import { aDashboard } from '../../test/admin-area-builders';

// Whole-portal renders are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const linksIn = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('a screen without a customer says who can change that', () => {
  it('a customer user without a company is sent to the contact section of help', async () => {
    const { app } = openAs(createFakeServer({}), '/clickoverview', { allowedCustomers: [] });
    const empty = await screen.findByTestId('no-customer');
    expect(empty).toHaveTextContent('Uw account is nog niet aan een bedrijf gekoppeld.');
    expect(linksIn(empty)).toEqual([['Contact opnemen', '/help#help-contact']]);
    await expectNoAxeViolations(app.container);
  });

  it('a consultant without customers is told none are linked, with myinfo and help', async () => {
    openAs(createFakeServer({}), '/deadlines', { role: 'consultant', allowedCustomers: [] });
    const empty = await screen.findByTestId('no-customer');
    expect(empty).toHaveTextContent('Er zijn nog geen klanten aan uw account gekoppeld.');
    expect(linksIn(empty)).toEqual([
      ['Mijn gegevens', '/myinfo'],
      ['Contact opnemen', '/help#help-contact'],
    ]);
  });

  it('on myinfo itself the consultant is not sent to myinfo again', async () => {
    openAs(createFakeServer({}), '/myinfo', { role: 'consultant', allowedCustomers: [] });
    const empty = await screen.findByTestId('customers-none');
    expect(linksIn(empty)).toEqual([['Contact opnemen', '/help#help-contact']]);
  });
});

describe('the admin dashboard of a portal without customers', () => {
  function openDashboard(session: Partial<UserSession>) {
    const server = createFakeServer({});
    server.on('GET', ADMIN_PATHS.dashboard, () => ({
      status: 200,
      body: aDashboard({ customers: { active: 0, inactive: 0 } }),
    }));
    server.on('GET', ADMIN_PATHS.customers, () => ({
      status: 200,
      body: { data: [], page: 0, size: 20, total: 0 },
    }));
    return openAs(server, '/admindashboard', { allowedCustomers: [], ...session });
  }

  it('leads an administrator to the form for the first customer', async () => {
    const { app, user } = openDashboard({ role: 'admin', token: 'admin-token' });
    const empty = await screen.findByTestId('dashboard-no-customers');
    expect(empty).toHaveTextContent('Er zijn nog geen klanten. Maak eerst een klant aan');
    await user.click(within(empty).getByRole('link', { name: 'Klant aanmaken' }));
    await waitFor(() => expect(app.location()).toBe('/managecustomers?new=1'));
    // The screen's code loads on demand: the first time in a run takes a while in jsdom.
    expect(
      await screen.findByTestId('screen-managecustomers', {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(await screen.findByTestId('customers-empty')).toHaveTextContent(
      'Maak de eerste aan met ‘Nieuwe klant’.',
    );
    expect(screen.queryByTestId('new-customer')).not.toBeInTheDocument();
  });

  it('tells an account manager to ask an administrator', async () => {
    openDashboard({ role: 'accountmanager', token: 'am-token' });
    const empty = await screen.findByTestId('dashboard-no-customers');
    expect(empty).toHaveTextContent('Vraag een beheerder om een klant aan te maken');
    expect(within(empty).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('empty lists say what will appear and the step that fills them', () => {
  function clicksServer() {
    const server = createFakeServer({});
    server.on('GET', '/rest/clicks/11', () => ({ status: 200, body: { data: [] } }));
    server.on('GET', '/rest/contractSummary/11', () => ({ status: 200, body: [] }));
    return server;
  }

  it('the click overview without any click links to the dashboard', async () => {
    const { app } = openAs(clicksServer(), '/clickoverview', {});
    const empty = await screen.findByTestId('clicks-empty');
    expect(empty).toHaveTextContent('Er zijn nog geen klikken voor deze klant.');
    expect(linksIn(empty)).toEqual([['Naar het dashboard', '/dashboard']]);
    await expectNoAxeViolations(app.container);
  });

  it('the click overview without clicks matching its filters says so, without the link', async () => {
    openAs(clicksServer(), '/clickoverview?status=REJECTED', {});
    const filtered = await screen.findByTestId('clicks-empty');
    expect(filtered).toHaveTextContent('Er zijn geen klikken die bij deze filters passen.');
    expect(linksIn(filtered)).toEqual([]);
  });

  it('the notifications say which messages arrive there and link to their settings', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/notifications', () => ({
      status: 200,
      body: { data: [], total: 0, page: 0, size: 10 },
    }));
    const { app } = openAs(server, '/notificaties', {});
    const empty = await screen.findByTestId('notifications-empty');
    expect(empty).toHaveTextContent('Hier verschijnen berichten over uw klikken');
    expect(linksIn(empty)).toEqual([['Kiezen welke meldingen u krijgt', '/myinfo']]);
    await expectNoAxeViolations(app.container);
  });
});
