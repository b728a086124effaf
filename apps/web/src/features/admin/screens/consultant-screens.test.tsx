import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, type AdminUser, type UserSession, pathTo } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
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

vi.setConfig({ testTimeout: 20_000 });

const consultant = (overrides: Partial<AdminUser> = {}) =>
  anAdminUser({
    id: 41,
    username: 'advies',
    name: 'Energie Advies B.V.',
    email: 'info@advies.nl',
    role: 'consultant',
    version: 4,
    customers: [
      {
        customerId: 11,
        customerName: 'Bakkerij Jansen',
        customerActive: true,
        readOnly: false,
        clickAuthorized: true,
      },
      {
        customerId: 12,
        customerName: 'Metaal De Vries',
        customerActive: true,
        readOnly: false,
        clickAuthorized: true,
      },
    ],
    ...overrides,
  });

type Answer = { status: number; body?: unknown };

function open(
  path: string,
  handlers: { method: string; path: string; answer: (body: string | null) => Answer }[],
  session: UserSession = anAdminSession(),
) {
  const fake = createFakeServer({});
  fake.on('GET', ADMIN_PATHS.customers, () => ({
    status: 200,
    body: aCustomerPage([aCustomerSummary({ id: 13, name: 'Tuinbouw De Groene Kas' })]),
  }));
  for (const handler of handlers) {
    fake.on(handler.method, handler.path, (request) => handler.answer(request.body));
  }
  const { app, urls, user } = openWatched(fake, path, session);
  return { app, fake, urls, user };
}

const sentBodies = (fake: ReturnType<typeof createFakeServer>, method: string, path: string) =>
  fake
    .callsTo(method, path)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);

describe('editconsultant/{id}', () => {
  it('edits the name, TPI page and customers (found on the server) on the version read', async () => {
    const { user, fake, urls } = open('/editconsultant/41', [
      {
        method: 'GET',
        path: pathTo(ADMIN_PATHS.user, { userId: 41 }),
        answer: () => ({ status: 200, body: consultant() }),
      },
      {
        method: 'PUT',
        path: pathTo(ADMIN_PATHS.consultant, { userId: 41 }),
        answer: () => ({ status: 200, body: consultant({ version: 5, allowTPIPage: true }) }),
      },
    ]);
    const name = await screen.findByRole('textbox', { name: /^Naam/ });
    expect(name).toHaveValue('Energie Advies B.V.');
    await expectNoAxeViolations();

    await user.clear(name);
    await user.type(name, 'Energie Advies Noord B.V.');
    await user.click(screen.getByRole('checkbox', { name: /TPI-pagina/ }));
    await user.click(screen.getByRole('button', { name: 'Verwijderen: Metaal De Vries' }));
    await user.type(screen.getByRole('combobox', { name: 'Klant toevoegen' }), 'groene');
    await user.click(await screen.findByRole('option', { name: /Tuinbouw De Groene Kas/ }));
    expect(urls).toContain(`${ADMIN_PATHS.customers}?q=groene&sort=name&size=10`);
    expect(screen.getByTestId('consultant-customer-13')).toHaveTextContent('Tuinbouw');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByTestId('consultant-saved')).toBeVisible();
    expect(sentBodies(fake, 'PUT', pathTo(ADMIN_PATHS.consultant, { userId: 41 }))).toEqual([
      {
        version: 4,
        name: 'Energie Advies Noord B.V.',
        email: 'info@advies.nl',
        mobile: '+31612345678',
        locale: 'nl',
        allowTPIPage: true,
        customerIds: [11, 13],
        mandates: [
          { customerId: 11, clickAuthorized: true },
          { customerId: 13, clickAuthorized: true },
        ],
      },
    ]);
  });

  it('shows and sets the mandate to click per customer', async () => {
    const withdrawn = consultant().customers.map((link) =>
      link.customerId === 12 ? { ...link, clickAuthorized: false } : link,
    );
    const { user, fake } = open('/editconsultant/41', [
      {
        method: 'GET',
        path: pathTo(ADMIN_PATHS.user, { userId: 41 }),
        answer: () => ({ status: 200, body: consultant({ customers: withdrawn }) }),
      },
      {
        method: 'PUT',
        path: pathTo(ADMIN_PATHS.consultant, { userId: 41 }),
        answer: () => ({ status: 200, body: consultant({ version: 5 }) }),
      },
    ]);
    const mandates = await screen.findByTestId('field-mandates');
    const bakkerij = within(mandates).getByRole('checkbox', { name: 'Bakkerij Jansen' });
    const metaal = within(mandates).getByRole('checkbox', { name: 'Metaal De Vries' });
    expect(bakkerij).toBeChecked();
    expect(metaal).not.toBeChecked();
    await expectNoAxeViolations();

    bakkerij.focus();
    await user.keyboard(' ');
    await user.click(metaal);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByTestId('consultant-saved')).toBeVisible();
    expect(
      sentBodies(fake, 'PUT', pathTo(ADMIN_PATHS.consultant, { userId: 41 }))[0]?.mandates,
    ).toEqual([
      { customerId: 11, clickAuthorized: false },
      { customerId: 12, clickAuthorized: true },
    ]);
  });

  it("shows 'consultant name unique' at the name and puts the focus there", async () => {
    const { user } = open('/editconsultant/41', [
      {
        method: 'GET',
        path: pathTo(ADMIN_PATHS.user, { userId: 41 }),
        answer: () => ({ status: 200, body: consultant() }),
      },
      {
        method: 'PUT',
        path: pathTo(ADMIN_PATHS.consultant, { userId: 41 }),
        answer: () => ({
          status: 409,
          body: { code: 'CONSULTANT_NAME_NOT_UNIQUE', message: 'taken' },
        }),
      },
    ]);
    await screen.findByTestId('field-name');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const name = screen.getByRole('textbox', { name: /^Naam/ });
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(/Er bestaat al een consultant met deze naam\./),
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('keeps what was typed when someone else saved first, and names what they changed', async () => {
    let version = 4;
    const { user, fake } = open('/editconsultant/41', [
      {
        method: 'GET',
        path: pathTo(ADMIN_PATHS.user, { userId: 41 }),
        answer: () => ({
          status: 200,
          body: consultant(version === 4 ? {} : { version, email: 'nieuw@advies.nl' }),
        }),
      },
      {
        method: 'PUT',
        path: pathTo(ADMIN_PATHS.consultant, { userId: 41 }),
        answer: (body) =>
          (JSON.parse(body ?? '{}') as { version: number }).version === version
            ? { status: 200, body: consultant({ version: version + 1 }) }
            : { status: 409, body: { code: 'VERSION_CONFLICT', message: 'stale' } },
      },
    ]);
    const name = await screen.findByRole('textbox', { name: /^Naam/ });
    version = 5;
    await user.clear(name);
    await user.type(name, 'Advies Zuid');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const conflict = await screen.findByTestId('version-conflict');
    expect(conflict).toHaveTextContent('Iemand anders heeft dit intussen gewijzigd');
    await user.click(within(conflict).getByRole('button', { name: /mijn invoer houden/ }));
    expect(await screen.findByTestId('others-changed')).toHaveTextContent('E-mailadres');
    expect(name).toHaveValue('Advies Zuid');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByTestId('consultant-saved')).toBeVisible();
    expect(
      sentBodies(fake, 'PUT', pathTo(ADMIN_PATHS.consultant, { userId: 41 })).map(
        (body) => body.version,
      ),
    ).toEqual([4, 5]);
  });
});

describe('editconsultant: the list and a new consultant', () => {
  it('lists the consultants from the server, each leading to their edit screen', async () => {
    const { user, app, urls } = open('/editconsultant', [
      {
        method: 'GET',
        path: ADMIN_PATHS.users,
        answer: () => ({ status: 200, body: aUserPage([consultant({ allowTPIPage: true })]) }),
      },
      {
        method: 'GET',
        path: pathTo(ADMIN_PATHS.user, { userId: 41 }),
        answer: () => ({ status: 200, body: consultant() }),
      },
    ]);
    const table = await screen.findByTestId('consultant-table');
    expect(urls).toContain(`${ADMIN_PATHS.users}?role=consultant&sort=name`);
    expect(within(table).getByTestId('consultant-row-41')).toHaveTextContent(
      'Energie Advies B.V.adviesjaBakkerij Jansen, Metaal De Vries',
    );
    await expectNoAxeViolations();
    await user.click(within(table).getByRole('link', { name: 'Energie Advies B.V.' }));
    await waitFor(() => expect(app.location()).toBe('/editconsultant/41'));
  });

  it('creates a consultant with an initial password and opens them', async () => {
    const { user, app, fake } = open('/editconsultant/new', [
      {
        method: 'POST',
        path: ADMIN_PATHS.consultants,
        answer: () => ({ status: 201, body: consultant({ id: 50, customers: [] }) }),
      },
      {
        method: 'GET',
        path: pathTo(ADMIN_PATHS.user, { userId: 50 }),
        answer: () => ({ status: 200, body: consultant({ id: 50, customers: [] }) }),
      },
    ]);
    await user.type(await screen.findByRole('textbox', { name: /^Gebruikersnaam/ }), 'advies');
    await user.click(screen.getByRole('button', { name: 'Consultant aanmaken' }));
    // Checked with the server's own schema before anything is sent.
    expect(screen.getByRole('textbox', { name: /^Naam/ })).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo('POST', ADMIN_PATHS.consultants)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Naam/ }), 'Energie Advies B.V.');
    await user.type(screen.getByRole('textbox', { name: /^E-mailadres/ }), 'info@advies.nl');
    await user.type(screen.getByLabelText(/^Eerste wachtwoord/), 'Welkom-2026');
    await user.click(screen.getByRole('button', { name: 'Consultant aanmaken' }));
    await waitFor(() => expect(app.location()).toBe('/editconsultant/50'));
    expect(await screen.findByTestId('consultant-created')).toBeVisible();
    expect(sentBodies(fake, 'POST', ADMIN_PATHS.consultants)[0]).toMatchObject({
      username: 'advies',
      name: 'Energie Advies B.V.',
      initialPassword: 'Welkom-2026',
      allowTPIPage: false,
      customerIds: [],
    });
  });

  it('is for admins only', async () => {
    const { app } = open('/editconsultant', [], aUserSession({ role: 'accountmanager' }));
    await waitFor(() => expect(app.location()).toBe('/admindashboard'));
  });
});
