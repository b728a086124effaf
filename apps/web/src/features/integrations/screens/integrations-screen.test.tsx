import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { screen } from '../../../test/render-app';
import {
  anApiClient,
  anEndpoint,
  CLIENTS,
  ENDPOINTS,
  integrationsServer,
  openIntegrations,
} from '../integrations-test-kit';
import { onAPhone } from '../../../test/on-a-phone';

vi.setConfig({ testTimeout: 20_000 });
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('the integrations screen', () => {
  it.each([
    ['a laptop', () => null],
    ['a phone', onAPhone],
  ])(
    "lists the selected customer's API clients and endpoints, axe-clean on %s",
    async (_, width) => {
      restore = width();
      const server = integrationsServer(
        [anApiClient(), anApiClient({ id: 6, name: 'Oud', status: 'revoked' })],
        [anEndpoint()],
      );
      openIntegrations(server);
      const row = await screen.findByTestId('api-client-5');
      expect(row).toHaveTextContent('Treasury');
      expect(row).toHaveTextContent('kc_0123456789abcdef01234567');
      expect(row).toHaveTextContent('positions:read');
      expect(row).toHaveTextContent('198.51.100.0/24');
      expect(row).toHaveTextContent('Nooit');
      expect(row).toHaveTextContent('20-11-2026, 10:00 door jansen');
      expect(row).toHaveTextContent('27-11-2026, 15:30');
      expect(screen.getByTestId('api-client-status-5')).toHaveTextContent('Actief');
      expect(screen.getByTestId('api-client-status-6')).toHaveTextContent('Ingetrokken');
      // A revoked client can be neither rotated nor revoked again.
      expect(screen.queryByTestId('api-client-rotate-6')).toBeNull();
      const endpoint = await screen.findByTestId('webhook-9');
      expect(endpoint).toHaveTextContent('https://erp.example.com/klik');
      expect(endpoint).toHaveTextContent('Gebeurtenissen: Klik aangemaakt, Klik afgerond');
      expect(screen.getByTestId('webhook-status-9')).toHaveTextContent('Actief');
      await expectNoAxeViolations();
    },
  );

  it('explains what API clients and webhooks are while there are none, linking the API documentation', async () => {
    openIntegrations(integrationsServer());
    const clients = await screen.findByTestId('api-clients-empty');
    expect(clients).toHaveTextContent('Er zijn nog geen API-clients');
    expect(within(clients).getByRole('link', { name: 'API-documentatie' })).toHaveAttribute(
      'href',
      '/docs/api',
    );
    const webhooks = await screen.findByTestId('webhooks-empty');
    expect(webhooks).toHaveTextContent('Er zijn nog geen webhook-eindpunten');
    expect(within(webhooks).getByRole('link', { name: 'API-documentatie' })).toBeVisible();
    await expectNoAxeViolations();
  });

  it('says what is loading while the server has not answered', async () => {
    const server = integrationsServer();
    server.on('GET', CLIENTS, () => new Promise(() => {}));
    server.on('GET', ENDPOINTS, () => new Promise(() => {}));
    openIntegrations(server);
    expect(await screen.findByText('API-clients laden…')).toBeVisible();
    expect(screen.getByText('Webhooks laden…')).toBeVisible();
  });

  it('shows a failed load with the reason and loads again on retry', async () => {
    const server = integrationsServer();
    let failing = true;
    server.on('GET', CLIENTS, () =>
      failing
        ? { status: 403, body: { code: 'FORBIDDEN', message: 'x' } }
        : { status: 200, body: { data: [anApiClient()] } },
    );
    server.on('GET', ENDPOINTS, () => ({ status: 500, body: { code: 'INTERNAL', message: 'x' } }));
    const { user } = openIntegrations(server);
    const failed = await screen.findByTestId('api-clients-error');
    expect(failed).toHaveTextContent(
      'De API-clients konden niet worden geladen: U heeft hiervoor geen toestemming.',
    );
    expect(await screen.findByTestId('webhooks-error')).toHaveTextContent(
      'De webhooks konden niet worden geladen',
    );
    failing = false;
    await user.click(within(failed).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('api-client-5')).toBeVisible();
    expect(server.callsTo('GET', CLIENTS)).toHaveLength(2);
  });

  it('speaks English', async () => {
    openIntegrations(
      integrationsServer([anApiClient({ expiresAt: '2027-01-01T00:00:00.000Z' })], [], {
        locale: 'en',
      }),
      { manageUsers: true, locale: 'en' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    expect(await screen.findByTestId('api-client-5')).toHaveTextContent('Active');
    expect(screen.getByRole('button', { name: 'New API client' })).toBeVisible();
    expect(await screen.findByTestId('webhooks-empty')).toHaveTextContent(
      'There are no webhook endpoints yet',
    );
    await expectNoAxeViolations();
  });

  it('asks an administrator for the customer, found on the server, and keeps it in the address', async () => {
    const server = integrationsServer([anApiClient()]);
    server.on('GET', '/rest/admin/customers', () => ({
      status: 200,
      body: {
        data: [
          {
            id: 11,
            name: 'Jansen Bakkerij',
            active: true,
            requireSms: false,
            requireApproval: false,
            dashboardCount: 1,
            contractCount: 1,
            userCount: 2,
            createdAt: '2025-12-01T09:00:00.000Z',
            version: 1,
          },
        ],
        page: 0,
        size: 10,
        total: 1,
      },
    }));
    const { user, app } = openIntegrations(server, { role: 'admin', allowedCustomers: [] });
    expect(await screen.findByTestId('integrations-no-customer')).toBeVisible();
    expect(server.callsTo('GET', CLIENTS)).toHaveLength(0);
    await user.type(
      within(screen.getByTestId('integrations-customer')).getByRole('combobox'),
      'Jansen',
    );
    await user.click(await screen.findByRole('option', { name: /Jansen Bakkerij/ }));
    expect(await screen.findByTestId('api-client-5')).toBeVisible();
    expect(app.location()).toBe('/integrations?customer=11');
    expect(screen.getByTestId('integrations-customer-name')).toHaveTextContent('Jansen Bakkerij');
    await waitFor(() => expect(screen.queryByText('Webhooks laden…')).toBeNull());
    await expectNoAxeViolations();
  });
});
