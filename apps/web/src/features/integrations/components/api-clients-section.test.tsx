import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INTEGRATION_PATHS, pathTo, type ApiClientWithSecret } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { sentBody } from '../../../test/fake-server';
import { screen } from '../../../test/render-app';
import {
  anApiClient,
  CLIENTS,
  CUSTOMER,
  integrationsServer,
  openIntegrations,
} from '../integrations-test-kit';

vi.setConfig({ testTimeout: 20_000 });

const SECRET = 'ks_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const withSecret = (overrides = {}): ApiClientWithSecret => ({
  ...anApiClient(overrides),
  clientSecret: SECRET,
});
const rotatePath = pathTo(INTEGRATION_PATHS.rotateClient, { customerId: CUSTOMER, apiClientId: 5 });
const clientPath = pathTo(INTEGRATION_PATHS.client, { customerId: CUSTOMER, apiClientId: 5 });

describe('API clients', () => {
  it('creates a client and shows its secret once, with a copy button; closed, it is gone', async () => {
    const server = integrationsServer();
    server.on('POST', CLIENTS, () => ({ status: 201, body: withSecret({ name: 'ERP' }) }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByTestId('api-clients-new'));
    await user.type(screen.getByTestId('api-client-name'), '  ERP ');
    // Each scope in plain words, with its code beside it.
    await user.click(screen.getByLabelText('Klikken en hun wijzigingen lezen'));
    await user.click(screen.getByLabelText('Posities en contractoverzichten lezen'));
    await user.type(screen.getByTestId('api-client-ips'), '198.51.100.7\n2001:db8::/32');
    await user.type(screen.getByTestId('api-client-expires'), '2099-06-30');
    await user.click(screen.getByTestId('api-client-save'));

    const dialog = await screen.findByRole('dialog', { name: 'Het geheim van ERP' });
    expect(within(dialog).getByTestId('api-client-secret-value')).toHaveTextContent(SECRET);
    expect(dialog).toHaveTextContent('kc_0123456789abcdef01234567');
    expect(dialog).toHaveTextContent('Het wordt hierna nooit meer getoond');
    expect(sentBody(server, 'POST', CLIENTS)).toEqual({
      name: 'ERP',
      // In the contract's order, whatever order they were ticked in.
      scopes: ['positions:read', 'clicks:read'],
      ipAllowList: ['198.51.100.7', '2001:db8::/32'],
      // The end of the chosen day in Amsterdam (summer time).
      expiresAt: '2099-06-30T22:00:00.000Z',
    });
    await user.click(within(dialog).getByTestId('api-client-secret-copy'));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Gekopieerd');
    await expectNoAxeViolations();

    await user.click(within(dialog).getByRole('button', { name: 'Ik heb het bewaard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('works with the keyboard alone, up to closing the secret with Escape', async () => {
    const server = integrationsServer();
    server.on('POST', CLIENTS, () => ({ status: 201, body: withSecret({ name: 'ERP' }) }));
    const { user } = openIntegrations(server);
    (await screen.findByTestId('api-clients-new')).focus();
    await user.keyboard('{Enter}');
    screen.getByTestId('api-client-name').focus();
    await user.keyboard('ERP');
    await user.tab();
    expect(screen.getByLabelText('Posities en contractoverzichten lezen')).toHaveFocus();
    await user.keyboard(' ');
    screen.getByTestId('api-client-name').focus();
    // Enter in a field sends the form, as in any form.
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Het geheim van ERP' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(server, 'POST', CLIENTS)).toMatchObject({
      name: 'ERP',
      scopes: ['positions:read'],
    });
  });

  it("shows every field's message before sending, and the server's at its field", async () => {
    const server = integrationsServer();
    server.on('POST', CLIENTS, () => ({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'x', details: { field: 'expiresAt' } },
    }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByTestId('api-clients-new'));
    await user.type(screen.getByTestId('api-client-ips'), '10.0.0.300');
    await user.click(screen.getByTestId('api-client-save'));
    const form = screen.getByTestId('api-client-form');
    expect(within(form).getByText('Naam is verplicht')).toBeVisible();
    expect(within(form).getByText('Kies ten minste één scope, elke scope één keer.')).toBeVisible();
    expect(within(form).getByText(/Geef hoogstens 20 IP-adressen of bereiken/)).toBeVisible();
    expect(server.callsTo('POST', CLIENTS)).toHaveLength(0);
    await expectNoAxeViolations();

    await user.type(screen.getByTestId('api-client-name'), 'ERP');
    await user.click(screen.getByLabelText('Meldingen lezen'));
    await user.clear(screen.getByTestId('api-client-ips'));
    await user.click(screen.getByTestId('api-client-save'));
    expect(
      await within(form).findByText('De vervaldatum moet in de toekomst liggen.'),
    ).toBeVisible();
  });

  it.each([
    ['NAME_REQUIRED', { field: 'name' }, 'Naam is verplicht'],
    ['IP_ALLOW_LIST_INVALID', { field: 'ipAllowList' }, 'Geef hoogstens 20 IP-adressen'],
    ['CLIENT_EXPIRY_INVALID', { field: 'expiresAt' }, 'De vervaldatum moet in de toekomst'],
  ])('shows the server refusing %s at its field', async (code, details, message) => {
    const server = integrationsServer();
    server.on('POST', CLIENTS, () => ({ status: 400, body: { code, message: 'x', details } }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByTestId('api-clients-new'));
    await user.type(screen.getByTestId('api-client-name'), 'ERP');
    await user.click(screen.getByLabelText('Meldingen lezen'));
    await user.click(screen.getByTestId('api-client-save'));
    expect(
      await within(screen.getByTestId('api-client-form')).findByText(new RegExp(message)),
    ).toBeVisible();
  });

  it('says why the whole form was refused (FORBIDDEN), in English too', async () => {
    const server = integrationsServer([], [], { locale: 'en' });
    server.on('POST', CLIENTS, () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'x' } }));
    const { user } = openIntegrations(server, { manageUsers: true, locale: 'en' });
    await user.click(await screen.findByTestId('api-clients-new'));
    await user.type(screen.getByTestId('api-client-name'), 'ERP');
    await user.click(screen.getByLabelText('Read notifications'));
    await user.click(screen.getByTestId('api-client-save'));
    expect(await screen.findByTestId('api-client-failure')).toHaveTextContent(
      'The API client was not created: You are not allowed to do this.',
    );
  });

  it('rotates after confirmation and shows the new secret once', async () => {
    const server = integrationsServer([anApiClient()]);
    server.on('POST', rotatePath, () => ({ status: 200, body: withSecret() }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByRole('button', { name: 'Nieuw geheim voor Treasury' }));
    const confirm = await screen.findByRole('dialog', { name: 'Nieuw geheim aanmaken?' });
    expect(confirm).toHaveTextContent('Het huidige geheim werkt direct niet meer');
    expect(server.callsTo('POST', rotatePath)).toHaveLength(0);
    await user.click(within(confirm).getByTestId('api-clients-confirm'));
    const shown = await screen.findByRole('dialog', { name: 'Het geheim van Treasury' });
    expect(within(shown).getByTestId('api-client-secret-value')).toHaveTextContent(SECRET);
    expect(server.callsTo('POST', rotatePath)).toHaveLength(1);
    // The list is asked again: the server keeps the rotation's time.
    await waitFor(() => expect(server.callsTo('GET', CLIENTS)).toHaveLength(2));
  });

  it('revokes after confirmation, and not when cancelled', async () => {
    const server = integrationsServer([anApiClient()]);
    server.on('DELETE', clientPath, () => ({
      status: 200,
      body: anApiClient({ status: 'revoked', revokedAt: '2026-11-28T10:00:00.000Z' }),
    }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByRole('button', { name: 'Intrekken: Treasury' }));
    let confirm = await screen.findByRole('dialog', { name: 'API-client intrekken?' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('DELETE', clientPath)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Intrekken: Treasury' }));
    confirm = await screen.findByRole('dialog', { name: 'API-client intrekken?' });
    expect(confirm).toHaveTextContent('Dit kan niet ongedaan worden gemaakt');
    await user.click(within(confirm).getByTestId('api-clients-confirm'));
    await waitFor(() => expect(server.callsTo('DELETE', clientPath)).toHaveLength(1));
    expect(await screen.findByText('Treasury is ingetrokken.')).toBeVisible();
  });
});
