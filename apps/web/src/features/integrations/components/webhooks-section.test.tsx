import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WEBHOOK_PATHS, pathTo, type WebhookEndpointWithSecret } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { sentBody } from '../../../test/fake-server';
import { screen } from '../../../test/render-app';
import {
  anEndpoint,
  CUSTOMER,
  ENDPOINTS,
  endpointPath,
  integrationsServer,
  openIntegrations,
} from '../integrations-test-kit';

vi.setConfig({ testTimeout: 20_000 });

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const withSecret = (overrides = {}): WebhookEndpointWithSecret => ({
  ...anEndpoint(overrides),
  secret: SECRET,
});
const rotatePath = pathTo(WEBHOOK_PATHS.rotateSecret, { customerId: CUSTOMER, endpointId: 9 });
const testPath = pathTo(WEBHOOK_PATHS.test, { customerId: CUSTOMER, endpointId: 9 });

describe('webhook endpoints', () => {
  it('groups the events and names what is missing before sending, axe-clean', async () => {
    const server = integrationsServer();
    const { user } = openIntegrations(server);
    await user.click(await screen.findByTestId('webhooks-new'));
    const form = screen.getByTestId('webhook-form');
    for (const group of [
      'Klikken',
      'Staande orders',
      'Prijsalerts',
      'Budget en afdekbeleid',
      'Handel',
    ]) {
      expect(within(form).getByRole('group', { name: group })).toBeVisible();
    }
    await user.click(screen.getByTestId('webhook-save'));
    expect(within(form).getByText('Geef het adres van het eindpunt')).toBeVisible();
    expect(within(form).getByText('Kies ten minste één gebeurtenis')).toBeVisible();
    await user.type(screen.getByTestId('webhook-url'), 'ftp://x');
    await user.click(screen.getByTestId('webhook-save'));
    expect(within(form).getByText(/Geef een volledig http- of https-adres/)).toBeVisible();
    expect(server.callsTo('POST', ENDPOINTS)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('registers an endpoint with the events chosen and shows its whsec_ secret once', async () => {
    const server = integrationsServer();
    server.on('POST', ENDPOINTS, () => ({ status: 201, body: withSecret() }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByTestId('webhooks-new'));
    await user.type(screen.getByTestId('webhook-url'), 'https://erp.example.com/klik');
    await user.type(screen.getByTestId('webhook-description'), 'ERP');
    await user.click(screen.getByLabelText('Klik afgerond (met bevestiging)'));
    await user.click(screen.getByLabelText('Handel gepauzeerd'));
    await user.click(screen.getByLabelText('Klik aangemaakt'));
    await user.click(screen.getByTestId('webhook-save'));
    const shown = await screen.findByRole('dialog', {
      name: 'Het geheim van https://erp.example.com/klik',
    });
    expect(within(shown).getByTestId('webhook-secret-value')).toHaveTextContent(SECRET);
    expect(sentBody(server, 'POST', ENDPOINTS)).toEqual({
      url: 'https://erp.example.com/klik',
      description: 'ERP',
      eventTypes: ['click.created', 'click.completed', 'trading.paused'],
    });
    await user.click(within(shown).getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('says at the address when the server asks for https', async () => {
    const server = integrationsServer();
    server.on('POST', ENDPOINTS, () => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'x',
        details: { field: 'url', reason: 'HTTPS_REQUIRED' },
      },
    }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByTestId('webhooks-new'));
    await user.type(screen.getByTestId('webhook-url'), 'http://erp.example.com/klik');
    await user.click(screen.getByLabelText('Prijsalert afgegaan'));
    await user.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText('Alleen https-adressen zijn toegestaan')).toBeVisible();
  });

  it('changes an endpoint and switches it back on after it was disabled for failing', async () => {
    const server = integrationsServer(
      [],
      [
        anEndpoint({
          enabled: false,
          disabledReason: 'FAILING',
          disabledAt: '2026-11-26T12:00:00.000Z',
        }),
      ],
    );
    server.on('PUT', endpointPath(9), () => ({ status: 200, body: anEndpoint() }));
    const { user } = openIntegrations(server);
    expect(await screen.findByTestId('webhook-status-9')).toHaveTextContent('Uitgeschakeld');
    expect(screen.getByTestId('webhook-disabled-reason-9')).toHaveTextContent(
      'Sinds 26-11-2026, 13:00: de afleveringen mislukten 24 uur lang.',
    );
    await user.click(screen.getByRole('button', { name: 'Wijzigen: ERP' }));
    expect(screen.getByTestId('webhook-url')).toHaveValue('https://erp.example.com/klik');
    expect(screen.getByLabelText('Klik aangemaakt')).toBeChecked();
    await user.click(screen.getByLabelText('Klik verlopen'));
    await user.click(screen.getByRole('switch', { name: /Ontvangt berichten/ }));
    await user.click(screen.getByTestId('webhook-save'));
    await waitFor(() => expect(server.callsTo('PUT', endpointPath(9))).toHaveLength(1));
    expect(sentBody(server, 'PUT', endpointPath(9))).toEqual({
      url: 'https://erp.example.com/klik',
      description: 'ERP',
      eventTypes: ['click.created', 'click.completed', 'click.expired'],
      enabled: true,
    });
    expect(await screen.findByText('Het eindpunt is opgeslagen.')).toBeVisible();
  });

  it('names an endpoint switched off by a user as such', async () => {
    openIntegrations(
      integrationsServer(
        [],
        [
          anEndpoint({
            enabled: false,
            disabledReason: 'BY_USER',
            disabledAt: '2026-11-26T12:00:00.000Z',
          }),
        ],
      ),
    );
    expect(await screen.findByTestId('webhook-disabled-reason-9')).toHaveTextContent(
      'uitgezet door een gebruiker',
    );
  });

  it('rotates the secret after explaining the overlap, and shows until when the old one holds', async () => {
    const server = integrationsServer([], [anEndpoint()]);
    server.on('POST', rotatePath, () => ({
      status: 200,
      body: withSecret({ previousSecretValidUntil: '2026-11-29T10:00:00.000Z' }),
    }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByRole('button', { name: 'Nieuw geheim voor ERP' }));
    const confirm = await screen.findByRole('dialog', { name: 'Nieuw geheim aanmaken?' });
    expect(confirm).toHaveTextContent('Het vorige blijft nog 24 uur geldig');
    await user.click(within(confirm).getByTestId('webhooks-confirm'));
    const shown = await screen.findByRole('dialog', {
      name: 'Het geheim van https://erp.example.com/klik',
    });
    expect(within(shown).getByTestId('webhook-secret-overlap')).toHaveTextContent(
      'Het vorige geheim blijft geldig tot 29-11-2026, 11:00.',
    );
    expect(within(shown).getByTestId('webhook-secret-value')).toHaveTextContent(SECRET);
  });

  it('sends a test event', async () => {
    const server = integrationsServer([], [anEndpoint()]);
    server.on('POST', testPath, () => ({
      status: 202,
      body: { id: 'msg_00000000000000000000000000000001' },
    }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByRole('button', { name: 'Testbericht sturen naar ERP' }));
    await waitFor(() => expect(server.callsTo('POST', testPath)).toHaveLength(1));
    expect(await screen.findByText(/Het testbericht is verstuurd/)).toBeVisible();
  });

  it('deletes after confirmation', async () => {
    const server = integrationsServer([], [anEndpoint()]);
    server.on('DELETE', endpointPath(9), () => ({ status: 204 }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByRole('button', { name: 'Verwijderen: ERP' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eindpunt verwijderen?' });
    expect(confirm).toHaveTextContent('zijn afleverlog wordt verwijderd');
    expect(server.callsTo('DELETE', endpointPath(9))).toHaveLength(0);
    await user.click(within(confirm).getByTestId('webhooks-confirm'));
    await waitFor(() => expect(server.callsTo('DELETE', endpointPath(9))).toHaveLength(1));
    expect(await screen.findByText('https://erp.example.com/klik is verwijderd.')).toBeVisible();
  });
});
