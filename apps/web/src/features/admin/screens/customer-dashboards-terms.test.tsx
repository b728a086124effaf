import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, pathTo } from '@klik/api';
import { aCustomerDetail, aTermsVersion } from '../customer-test-builders';
import { anAdminSession } from '../test-builders';
import { screen } from '../../../test/render-app';
import { openCustomer, sentBody } from '../customer-test-kit';

vi.setConfig({ testTimeout: 20_000 });

const dashboards = () => screen.findByRole('form', { name: 'Dashboards en hun contracten' });

describe('editcustomer: dashboards', () => {
  it('adds, renames, reorders and removes dashboards and chooses their contracts, saved at once', async () => {
    const { user, server } = openCustomer(
      anAdminSession(),
      aCustomerDetail({
        dashboards: [
          { id: 101, name: 'Bakkerij', contractIds: ['K-1001'] },
          { id: 102, name: 'Oud', contractIds: [] },
        ],
      }),
    );
    server.on('PUT', pathTo(ADMIN_PATHS.customerDashboards, { customerId: 11 }), () => ({
      status: 200,
      body: aCustomerDetail({
        version: 4,
        dashboards: [
          { id: 103, name: 'Winkel', contractIds: ['K-1001', 'K-1002'] },
          { id: 101, name: 'Bakkerij centraal', contractIds: ['K-1001'] },
        ],
      }),
    }));
    const form = await dashboards();
    await user.click(within(form).getByRole('button', { name: 'Oud verwijderen' }));
    const bakery = within(form).getByRole('group', { name: 'Bakkerij' });
    const name = within(bakery).getByLabelText(/Naam van het dashboard/);
    await user.clear(name);
    await user.type(name, 'Bakkerij centraal');

    await user.click(within(form).getByRole('button', { name: 'Dashboard toevoegen' }));
    // A new dashboard without a name is refused at its field before anything is sent.
    await user.click(within(form).getByRole('button', { name: 'Dashboards opslaan' }));
    expect(await within(form).findByText('Naam is verplicht')).toBeVisible();
    expect(
      server.callsTo('PUT', pathTo(ADMIN_PATHS.customerDashboards, { customerId: 11 })),
    ).toHaveLength(0);

    const fresh = within(form).getByRole('group', { name: 'Dashboard 2' });
    await user.type(within(fresh).getByLabelText(/Naam van het dashboard/), 'Winkel');
    const shop = within(form).getByRole('group', { name: 'Winkel' });
    await user.click(within(shop).getByLabelText(/K-1002/));
    await user.click(within(shop).getByLabelText(/K-1001/));
    await user.click(within(shop).getByRole('button', { name: 'Winkel naar boven' }));
    await user.click(within(form).getByRole('button', { name: 'Dashboards opslaan' }));
    expect(await within(form).findByTestId('dashboards-saved')).toBeVisible();
    // Contracts keep the customer's order, whatever order they were ticked in.
    expect(
      sentBody(server, 'PUT', pathTo(ADMIN_PATHS.customerDashboards, { customerId: 11 })),
    ).toEqual({
      version: 3,
      dashboards: [
        { name: 'Winkel', contractIds: ['K-1001', 'K-1002'] },
        { id: 101, name: 'Bakkerij centraal', contractIds: ['K-1001'] },
      ],
    });
  });

  it('a stale version keeps the dashboards as edited and saves them after a reload', async () => {
    const { user, server, changeOnServer } = openCustomer(anAdminSession());
    server.on('PUT', pathTo(ADMIN_PATHS.customerDashboards, { customerId: 11 }), ({ body }) => {
      const sent = JSON.parse(body ?? '{}') as { version: number };
      return sent.version === 3
        ? { status: 409, body: { code: 'VERSION_CONFLICT', message: 'stale' } }
        : { status: 200, body: aCustomerDetail({ version: sent.version + 1 }) };
    });
    const form = await dashboards();
    await user.click(within(form).getByLabelText(/K-1002/));
    changeOnServer({ name: 'Bakkerij Jansen B.V.' });
    await user.click(within(form).getByRole('button', { name: 'Dashboards opslaan' }));
    const conflict = await within(form).findByTestId('version-conflict');
    await user.click(within(conflict).getByRole('button', { name: /mijn invoer houden/ }));
    await waitFor(() => expect(within(form).queryByTestId('version-conflict')).toBeNull());
    expect(within(form).getByLabelText(/K-1002/)).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Dashboards opslaan' }));
    expect(await within(form).findByTestId('dashboards-saved')).toBeVisible();
    expect(
      sentBody(server, 'PUT', pathTo(ADMIN_PATHS.customerDashboards, { customerId: 11 })),
    ).toMatchObject({
      version: 4,
      dashboards: [{ id: 101, contractIds: ['K-1001', 'K-1002'] }],
    });
  });
});

describe('editcustomer: terms', () => {
  it('shows the terms that apply and every version', async () => {
    openCustomer(anAdminSession());
    expect(await screen.findByTestId('terms-current')).toHaveTextContent(
      'Nu gelden de standaardvoorwaarden, versie 2',
    );
    const versions = await screen.findByRole('region', { name: 'Versies van de voorwaarden' });
    expect(within(versions).getByTestId('terms-version-2')).toHaveTextContent(
      'Standaardvoorwaarden',
    );
  });

  it('publishes a new version in Dutch and English after a confirmation that every user must accept it', async () => {
    const { user, server } = openCustomer(anAdminSession());
    server.on('POST', pathTo(ADMIN_PATHS.customerTerms, { customerId: 11 }), () => ({
      status: 201,
      body: aTermsVersion({ version: 5, customerId: 11, bodyNl: 'Nieuw', bodyEn: 'New' }),
    }));
    const form = await screen.findByRole('form', { name: 'Nieuwe versie publiceren' });
    await user.type(within(form).getByLabelText(/Tekst in het Nederlands/), 'Nieuw');
    await user.click(within(form).getByRole('button', { name: 'Voorwaarden publiceren' }));
    expect(
      await within(form).findByText(
        'De tekst van de voorwaarden is verplicht, in het Nederlands en het Engels',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(within(form).getByLabelText(/Tekst in het Engels/), 'New');
    await user.click(within(form).getByRole('button', { name: 'Voorwaarden publiceren' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('elke gebruiker moet haar accepteren voor de volgende klik');
    expect(
      server.callsTo('POST', pathTo(ADMIN_PATHS.customerTerms, { customerId: 11 })),
    ).toHaveLength(0);
    await user.click(within(dialog).getByTestId('confirm-publish-terms'));
    expect(await within(form).findByTestId('terms-published')).toHaveTextContent(
      'Versie 5 is gepubliceerd.',
    );
    expect(sentBody(server, 'POST', pathTo(ADMIN_PATHS.customerTerms, { customerId: 11 }))).toEqual(
      {
        bodyNl: 'Nieuw',
        bodyEn: 'New',
      },
    );
    expect(within(form).getByLabelText(/Tekst in het Nederlands/)).toHaveValue('');
  });
});
