import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceAlertOptions, PriceAlertView, UserSession } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { screen, openAs } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const OPTIONS: PriceAlertOptions = {
  mayManage: true,
  contracts: [
    { id: 7, contractId: 'KL-270001', commodity: 'Gas', yearsOfSupply: [2027, 2028] },
    { id: 8, contractId: 'KL-270002', commodity: 'Power', yearsOfSupply: [2027] },
  ],
  recipients: [
    { id: 31, name: 'Piet Jansen' },
    { id: 32, name: 'Anna de Vries' },
  ],
};

function anAlert(overrides: Partial<PriceAlertView> = {}): PriceAlertView {
  return {
    id: 501,
    version: 1,
    contract: 7,
    contractId: 'KL-270001',
    commodity: 'Gas',
    part: 'Gas',
    yearOfSupply: 2027,
    maturity: 'Q1',
    market: 'OTC',
    direction: 'EQUAL_OR_LOWER',
    price: '80.5',
    recipients: [{ id: 31, name: 'Piet Jansen' }],
    expiresOn: '2099-12-31',
    status: 'ACTIVE',
    met: null,
    lastFiredAt: null,
    lastFiredPrice: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function alertServer(alerts: PriceAlertView[], options: PriceAlertOptions = OPTIONS) {
  const server = createFakeServer({});
  server.on('GET', '/rest/pricealerts/11/options', () => ({ status: 200, body: options }));
  server.on('GET', '/rest/pricealerts/11', () => ({
    status: 200,
    body: { data: alerts, page: 0, size: 20, total: alerts.length },
  }));
  return server;
}

function open(server: FakeServer, path: string, session: Partial<UserSession> = {}) {
  return openAs(server, path, session).user;
}

describe('the price alerts screen', () => {
  it('lists the alerts with their condition on the market price, axe-clean', async () => {
    open(alertServer([anAlert()]), '/pricealerts');
    const row = await screen.findByTestId('price-alert-501');
    expect(row).toHaveTextContent('KL-270001 Q1 2027 (OTC)');
    expect(row.textContent?.replace(/\u00a0|\u202f/g, ' ')).toContain(
      'Gelijk aan of lager dan € 80,50/MWh',
    );
    expect(row).toHaveTextContent('Piet Jansen');
    expect(screen.getByTestId('price-alert-status-501')).toHaveTextContent('Actief');
    expect(screen.getByTestId('price-alerts-basis')).toHaveTextContent('marktprijs');
    await expectNoAxeViolations();
  });

  it('says what to do when there are none, and offers nothing to change to a read-only user', async () => {
    open(alertServer([], { ...OPTIONS, mayManage: false }), '/pricealerts', { readOnly: true });
    expect(await screen.findByTestId('price-alerts-empty')).toHaveTextContent(
      'U kunt ze bekijken, maar niet aanmaken of wijzigen',
    );
    expect(screen.queryByTestId('price-alert-new')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    const server = alertServer([]);
    server.on('GET', '/rest/pricealerts/11', () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'x' },
    }));
    open(server, '/pricealerts');
    expect(await screen.findByTestId('price-alerts-error')).toHaveTextContent(
      'De prijsalerts konden niet worden geladen.',
    );
  });

  it('shows every section 5 message at its field before anything is sent, axe-clean', async () => {
    const server = alertServer([]);
    const user = open(server, '/pricealerts');
    await user.click(await screen.findByTestId('price-alert-new'));
    await user.click(screen.getByTestId('alert-save'));
    const form = screen.getByTestId('price-alert-form');
    for (const message of [
      'Selecteer een contract',
      'Selecteer een jaar',
      'Selecteer een periode',
      'Selecteer een richting',
      'Bedrag per MWh is verplicht',
      'Selecteer ten minste één ontvanger',
      'Geef een einddatum',
    ]) {
      expect(within(form).getByText(message)).toBeVisible();
    }
    await user.type(screen.getByTestId('alert-price'), '0');
    expect(
      within(form).queryByText(
        'Ongeldige prijs: meer dan 0 en minder dan 99999999 EUR/MWh, met hoogstens 4 decimalen',
      ),
    ).toBeNull();
    await user.click(screen.getByTestId('alert-save'));
    expect(
      within(form).getByText(
        'Ongeldige prijs: meer dan 0 en minder dan 99999999 EUR/MWh, met hoogstens 4 decimalen',
      ),
    ).toBeVisible();
    expect(server.callsTo('POST', '/rest/pricealerts/11')).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('sends a valid alert (a decimal comma read as a point) and shows a server field code at its field', async () => {
    const server = alertServer([]);
    server.on('POST', '/rest/pricealerts/11', () => ({
      status: 400,
      body: {
        code: 'RECIPIENT_INVALID',
        message: 'x',
        details: { field: 'recipients' },
      },
    }));
    const user = open(server, '/pricealerts');
    await user.click(await screen.findByTestId('price-alert-new'));
    await user.selectOptions(screen.getByTestId('alert-contract'), '8');
    // A power contract asks which part.
    await user.selectOptions(screen.getByTestId('alert-part'), 'OffPeak');
    await user.selectOptions(screen.getByTestId('alert-year'), '2027');
    await user.selectOptions(screen.getByTestId('alert-maturity'), 'Q1');
    await user.selectOptions(screen.getByTestId('alert-direction'), 'EQUAL_OR_HIGHER');
    await user.type(screen.getByTestId('alert-price'), '95,25');
    await user.click(screen.getByLabelText('Anna de Vries'));
    await user.type(screen.getByTestId('alert-expires'), '2099-06-30');
    await user.click(screen.getByTestId('alert-save'));
    await waitFor(() => expect(server.callsTo('POST', '/rest/pricealerts/11')).toHaveLength(1));
    expect(JSON.parse(server.callsTo('POST', '/rest/pricealerts/11')[0]?.body ?? '{}')).toEqual({
      contract: 8,
      part: 'OffPeak',
      yearOfSupply: 2027,
      maturity: 'Q1',
      market: 'OTC',
      direction: 'EQUAL_OR_HIGHER',
      price: '95.25',
      recipients: [32],
      expiresOn: '2099-06-30',
    });
    expect(await screen.findByText('Een ontvanger is geen gebruiker van deze klant')).toBeVisible();
  });

  it('changes an alert on top of the version it showed, and says so when someone else was first', async () => {
    const server = alertServer([anAlert({ version: 2 })]);
    server.on('PUT', '/rest/pricealerts/11/501', () => ({
      status: 409,
      body: { code: 'VERSION_CONFLICT', message: 'x', details: { currentVersion: 3 } },
    }));
    const user = open(server, '/pricealerts');
    await user.click(await screen.findByTestId('price-alert-edit-501'));
    expect(screen.getByTestId('alert-price')).toHaveValue('80.5');
    await user.clear(screen.getByTestId('alert-price'));
    await user.type(screen.getByTestId('alert-price'), '75');
    await user.click(screen.getByTestId('alert-save'));
    expect(await screen.findByTestId('price-alert-conflict')).toHaveTextContent(
      'Iemand anders heeft dit prijsalert intussen gewijzigd of verwijderd.',
    );
    const sent = JSON.parse(server.callsTo('PUT', '/rest/pricealerts/11/501')[0]?.body ?? '{}');
    expect(sent).toMatchObject({ version: 2, price: '75', contract: 7, part: 'Gas' });
  });

  it('deletes after confirmation with the version it showed', async () => {
    const server = alertServer([anAlert({ version: 3 })]);
    server.on('DELETE', '/rest/pricealerts/11/501', () => ({ status: 204 }));
    const user = open(server, '/pricealerts');
    await user.click(await screen.findByTestId('price-alert-delete-501'));
    // The dialog fades in: visible once its transition has run, which a busy machine slows.
    await waitFor(() => expect(screen.getByText('Prijsalert verwijderen?')).toBeVisible());
    expect(server.callsTo('DELETE', '/rest/pricealerts/11/501')).toHaveLength(0);
    await user.click(screen.getByTestId('price-alert-delete-confirm'));
    await waitFor(() =>
      expect(server.callsTo('DELETE', '/rest/pricealerts/11/501')).toHaveLength(1),
    );
  });
});

describe('the dashboard panel', () => {
  it("shows the selected customer's active alerts compactly", async () => {
    open(alertServer([anAlert()]), '/dashboard');
    const panel = await screen.findByTestId('price-alerts-panel');
    expect(panel).toHaveTextContent('Actieve prijsalerts');
    expect(panel).toHaveTextContent('KL-270001 Q1 2027 (OTC)');
    expect(within(panel).getByRole('link', { name: 'Alle prijsalerts' })).toHaveAttribute(
      'href',
      '/pricealerts',
    );
  });

  it('says nothing while there are none', async () => {
    open(alertServer([]), '/dashboard');
    await screen.findByTestId('dashboard-plan');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('price-alerts-panel')).toBeNull();
  });
});
