import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StandingOrder, UserSession } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { screen, openAs } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const CONTRACT = {
  contractId: 'KL-270001',
  customerId: 11,
  commodity: 'Gas',
  product: 'Gas vast',
  clickType: 'ALL',
  clickOption: 'PRE_EOD',
  yearsOfSupply: [2027, 2028],
  runOut: false,
  marketProducts: { Gas: 'TTF_GAS' },
  clicks: [],
  statusPerContract: { yearStatuses: [], quarterStatuses: [], monthStatuses: [] },
};

function anOrder(overrides: Partial<StandingOrder> = {}): StandingOrder {
  return {
    id: 701,
    customerId: 11,
    contractId: 'KL-270001',
    product: 'Gas vast',
    yearOfSupply: 2027,
    maturity: 'Q1',
    market: 'OTC',
    percentage: '25',
    volumes: null,
    limitPrice: '30.5',
    stopPrice: null,
    validUntil: '2026-12-31',
    status: 'ACTIVE',
    waitingReason: null,
    lapseReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    createdBy: 'Piet Jansen',
    mayCancel: true,
    endedAt: null,
    clickId: null,
    triggeredBy: null,
    triggerClickPrice: null,
    triggerMarketPrice: null,
    ...overrides,
  };
}

function orderServer(orders: StandingOrder[]) {
  const server = createFakeServer({});
  server.on('GET', '/rest/standingorders/11', () => ({
    status: 200,
    body: { data: orders, page: 0, size: 20, total: orders.length },
  }));
  server.on('GET', '/rest/contractData/11', () => ({ status: 200, body: [CONTRACT] }));
  server.on('GET', '/rest/purchase/terms/11', () => ({
    status: 200,
    body: {
      version: 1,
      body: 'Voorwaarden',
      publishedAt: '2026-01-01T00:00:00.000Z',
      accepted: true,
    },
  }));
  return server;
}

function open(server: FakeServer, path: string, session: Partial<UserSession> = {}) {
  return openAs(server, path, session).user;
}

describe('the standing orders screen', () => {
  it('lists the orders with their condition and state, axe-clean', async () => {
    open(
      orderServer([
        anOrder({ waitingReason: 'DC_36' }),
        anOrder({
          id: 702,
          status: 'EXECUTED',
          mayCancel: false,
          clickId: 9001,
          triggeredBy: 'LIMIT',
          triggerClickPrice: '30.25',
        }),
      ]),
      '/standingorders',
    );
    const row = await screen.findByTestId('standing-order-701');
    expect(row).toHaveTextContent('KL-270001 Q1 2027 (OTC)');
    expect(row.textContent?.replace(/\u00a0|\u202f/g, ' ')).toContain(
      'klikprijs gelijk aan of lager dan € 30,50',
    );
    expect(screen.getByTestId('standing-order-detail-701')).toHaveTextContent(
      'Wacht: Klikvenster is gesloten',
    );
    expect(screen.getByTestId('standing-order-status-702')).toHaveTextContent('Uitgevoerd');
    expect(screen.getByTestId('standing-order-detail-702')).toHaveTextContent('Klik 9001');
    expect(screen.queryByTestId('standing-order-cancel-702')).toBeNull();
    await expectNoAxeViolations();
  });

  it('places a limit order as typed, checked first on the screen', async () => {
    const server = orderServer([]);
    server.on('POST', '/rest/standingorders', () => ({ status: 200, body: anOrder() }));
    const user = open(server, '/standingorders');
    expect(await screen.findByTestId('standing-orders-empty')).toHaveTextContent(
      'Plaats er een met het formulier',
    );
    await user.click(await screen.findByTestId('standing-order-place'));
    expect(screen.getByTestId('standing-order-problem')).toHaveTextContent('groter dan 0');
    expect(server.callsTo('POST', '/rest/standingorders')).toHaveLength(0);
    await user.type(screen.getByTestId('standing-order-limit'), '30,5');
    await user.selectOptions(screen.getByTestId('standing-order-maturity'), 'Q2');
    await user.click(screen.getByTestId('standing-order-place'));
    await waitFor(() => expect(server.callsTo('POST', '/rest/standingorders')).toHaveLength(1));
    expect(JSON.parse(server.callsTo('POST', '/rest/standingorders')[0]?.body ?? '{}')).toEqual({
      customerId: 11,
      contractId: 'KL-270001',
      yearOfSupply: 2027,
      maturity: 'Q2',
      market: 'OTC',
      percentage: '25',
      limitPrice: '30.5',
      stopPrice: null,
    });
    expect(await screen.findByTestId('standing-order-placed')).toHaveTextContent('is geplaatst');
    await expectNoAxeViolations();
  });

  it('asks for the SMS code when the server requires one', async () => {
    const server = orderServer([]);
    server.on('POST', '/rest/standingorders', () => ({
      status: 409,
      body: { code: 'SMS_REQUIRED', message: 'SMS required' },
    }));
    server.on('POST', '/rest/standingorders/sms', () => ({
      status: 200,
      body: { sentTo: '*********678', expiresAt: '2026-11-20T10:05:00.000Z', attemptsLeft: 3 },
    }));
    const user = open(server, '/standingorders');
    await user.type(await screen.findByTestId('standing-order-limit'), '30');
    await user.click(screen.getByTestId('standing-order-place'));
    await user.click(await screen.findByTestId('standing-order-send-sms'));
    await waitFor(() => expect(server.callsTo('POST', '/rest/standingorders/sms')).toHaveLength(1));
    expect(await screen.findByText('Code verstuurd naar *********678')).toBeInTheDocument();
    await user.type(screen.getByTestId('standing-order-sms-code'), '123456');
    await user.click(screen.getByTestId('standing-order-place'));
    await waitFor(() => expect(server.callsTo('POST', '/rest/standingorders')).toHaveLength(2));
    expect(
      JSON.parse(server.callsTo('POST', '/rest/standingorders')[1]?.body ?? '{}'),
    ).toMatchObject({ smsCode: '123456' });
  });

  it('cancels an order after a confirmation', async () => {
    const server = orderServer([anOrder()]);
    server.on('DELETE', '/rest/standingorders/11/701', () => ({
      status: 200,
      body: anOrder({ status: 'CANCELLED', mayCancel: false }),
    }));
    const user = open(server, '/standingorders');
    await user.click(await screen.findByTestId('standing-order-cancel-701'));
    expect(server.callsTo('DELETE', '/rest/standingorders/11/701')).toHaveLength(0);
    await user.click(await screen.findByTestId('standing-order-cancel-confirm'));
    await waitFor(() =>
      expect(server.callsTo('DELETE', '/rest/standingorders/11/701')).toHaveLength(1),
    );
  });

  it('shows a read-only user the orders without the form', async () => {
    open(orderServer([anOrder({ mayCancel: false })]), '/standingorders', { readOnly: true });
    expect(await screen.findByTestId('standing-orders-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('standing-order-place')).toBeNull();
    expect(screen.queryByTestId('standing-order-cancel-701')).toBeNull();
  });
});

describe('the dashboard panel', () => {
  it('names the active orders and links to all of them, axe-clean', async () => {
    open(orderServer([anOrder()]), '/dashboard');
    const panel = await screen.findByTestId('standing-orders-panel');
    expect(panel).toHaveTextContent('Staande orders');
    expect(panel).toHaveTextContent('KL-270001 Q1 2027');
    expect(within(panel).getByRole('link', { name: 'Alle staande orders' })).toHaveAttribute(
      'href',
      '/standingorders',
    );
    await expectNoAxeViolations();
  });

  it('says nothing while there are no active orders', async () => {
    open(orderServer([]), '/dashboard');
    await screen.findByTestId('dashboard-plan');
    expect(screen.queryByTestId('standing-orders-panel')).toBeNull();
  });
});
