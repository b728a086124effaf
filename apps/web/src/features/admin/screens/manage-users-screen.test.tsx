import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, type UserSession } from '@klik/api';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { screen } from '../../../test/render-app';
import {
  aCustomerPage,
  aCustomerSummary,
  aUserPage,
  anAdminSession,
  anAdminUser,
  openWatched,
} from '../test-builders';

// Whole-portal renders with Mantine tables are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

function open(
  path: string,
  session: UserSession,
  answer: () => { status: number; body?: unknown },
) {
  const fake = createFakeServer({});
  fake.on('GET', ADMIN_PATHS.users, answer);
  fake.on('GET', ADMIN_PATHS.customers, () => ({
    status: 200,
    body: aCustomerPage([aCustomerSummary({ id: 4711, name: 'Brouwerij De Klok' })]),
  }));
  const { app, urls, callsTo, user } = openWatched(fake, path, session);
  return { app, urls, listCalls: () => callsTo(ADMIN_PATHS.users), user };
}

describe('manageusers', () => {
  it('lists the users the server answers, each linking to its edit screen', async () => {
    const { user, app } = open('/manageusers', anAdminSession(), () => ({
      status: 200,
      body: aUserPage([
        anAdminUser(),
        anAdminUser({ id: 32, username: 'klaas', name: 'Klaas Vaak', active: false }),
      ]),
    }));
    const table = await screen.findByTestId('user-table');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByTestId('user-status-32')).toHaveTextContent('Gedeactiveerd');
    expect(screen.getByTestId('users-count')).toHaveTextContent('1–2 van 2 gebruikers');
    expect(screen.getByTestId('new-user')).toBeVisible();
    await user.click(within(table).getByText('klaas'));
    await waitFor(() => expect(app.location()).toBe('/editusers/32'));
  });

  it('filters, sorts and pages through the server and the address bar', async () => {
    const users = Array.from({ length: 20 }, (_, index) =>
      anAdminUser({ id: 100 + index, username: `user${index}` }),
    );
    const { user, app, listCalls } = open(
      '/manageusers',
      aUserSession({ role: 'accountmanager' }),
      () => ({ status: 200, body: aUserPage(users, { total: 45 }) }),
    );
    await screen.findByTestId('user-table');
    expect(listCalls().at(-1)).toBe(ADMIN_PATHS.users);

    await user.selectOptions(screen.getByTestId('filter-role'), 'consultant');
    await waitFor(() => expect(app.location()).toBe('/manageusers?role=consultant'));
    await user.selectOptions(screen.getByTestId('filter-customerId'), '12');
    await waitFor(() => expect(app.location()).toBe('/manageusers?role=consultant&customerId=12'));
    await user.click(screen.getByTestId('sort-name'));
    await waitFor(() =>
      expect(app.location()).toBe('/manageusers?role=consultant&customerId=12&sort=name'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('sort-name').closest('th')).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(app.location()).toContain('page=2'));
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe(
        `${ADMIN_PATHS.users}?role=consultant&customerId=12&sort=name&page=2`,
      ),
    );

    await user.type(screen.getByTestId('filter-q'), 'jan{Enter}');
    // A new search starts at the first page.
    await waitFor(() =>
      expect(app.location()).toBe('/manageusers?role=consultant&customerId=12&sort=name&q=jan'),
    );
    await user.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(app.location()).toBe('/manageusers'));
  });

  it("filters an admin's list on any customer found on the server, named again after a reload", async () => {
    const { user, app, listCalls } = open('/manageusers', anAdminSession(), () => ({
      status: 200,
      body: aUserPage([anAdminUser()]),
    }));
    await screen.findByTestId('user-table');
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), 'klok');
    await user.click(await screen.findByRole('option', { name: /Brouwerij De Klok/ }));
    await waitFor(() => expect(app.location()).toBe('/manageusers?customerId=4711'));
    await waitFor(() => expect(listCalls().at(-1)).toBe(`${ADMIN_PATHS.users}?customerId=4711`));
    expect(screen.getByTestId('users-filter-customer')).toHaveTextContent('Brouwerij De Klok');
    await user.click(
      screen.getByRole('button', { name: 'Filter op klant Brouwerij De Klok wissen' }),
    );
    await waitFor(() => expect(app.location()).toBe('/manageusers'));
  });

  it('shows the customer of a bookmarked filter by its name', async () => {
    open('/manageusers?customerId=4711', anAdminSession(), () => ({
      status: 200,
      body: aUserPage([anAdminUser()]),
    }));
    const chosen = await screen.findByTestId('users-filter-customer');
    await waitFor(() => expect(chosen).toHaveTextContent('Brouwerij De Klok'));
  });

  it('reads a bookmarked list, ignoring only a field the server would refuse', async () => {
    const { listCalls } = open(
      '/manageusers?active=false&role=boss&q=piet',
      anAdminSession(),
      () => ({
        status: 200,
        body: aUserPage([]),
      }),
    );
    expect(await screen.findByTestId('users-empty')).toHaveTextContent(
      'Geen gebruikers gevonden met deze filters',
    );
    expect(listCalls().at(-1)).toBe(`${ADMIN_PATHS.users}?q=piet&active=false`);
    expect(screen.getByTestId('filter-active')).toHaveValue('false');
  });

  it('says so when the list cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const { user } = open('/manageusers', anAdminSession(), () =>
      fail
        ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } }
        : { status: 200, body: aUserPage([anAdminUser()]) },
    );
    const alert = await screen.findByTestId('users-error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('user-table')).toBeVisible();
  });

  it('is not open to customer users; a user manager gets their own list at editusers', async () => {
    const { app } = open('/manageusers', aUserSession(), () => ({
      status: 200,
      body: aUserPage([]),
    }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });
});
