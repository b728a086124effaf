import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContractData, PriceUpdatePayload } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { aContract, aPart, aSummary } from '../../../test/position-builders';
import { renderApp, screen } from '../../../test/render-app';

const DASHBOARD_DATA = '/rest/dashboardContractData/101';
const CONTRACT_DATA = '/rest/contractData/contract/11/KL-270001';

function serverWith(contracts: ContractData[]): FakeServer {
  const server = createFakeServer({});
  server.on('GET', DASHBOARD_DATA, () => ({ status: 200, body: contracts }));
  server.on('GET', '/rest/dashboardContractSummary/101', () => ({
    status: 200,
    body: contracts.map((contract) => aSummary({ contractId: contract.contractId })),
  }));
  return server;
}

async function openLiveDashboard(server: FakeServer) {
  startSession(aUserSession());
  const app = renderApp(server, '/dashboard');
  await screen.findByTestId('grid-KL-270001-2027');
  const socket = await app.sockets.connecting();
  expect(socket.url).toBe('ws://localhost:3000/ws/token-of-customer');
  act(() => socket.open());
  // The first connection after the data loaded asks once more for what was sent before it.
  await waitFor(() => expect(server.callsTo('GET', DASHBOARD_DATA)).toHaveLength(2));
  await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
  return { app, socket };
}

function gasQuote(overrides: Partial<PriceUpdatePayload['prices'][number]> = {}) {
  return {
    product: 'TTF_GAS' as const,
    yearOfSupply: 2027,
    maturity: 'Y' as const,
    market: 'OTC' as const,
    price: '36.125',
    at: '2026-11-20T10:15:00.000Z',
    ...overrides,
  };
}

/** The shown (OTC) click price and market price of a maturity's gas part, as on screen. */
function prices(maturity: string) {
  const id = `KL-270001-2027-${maturity}-Gas`;
  return [`otc-click-price-${id}`, `otc-price-${id}`].map((testId) =>
    screen.getByTestId(testId).textContent?.replace(/[\u00a0\u202f]/g, ' '),
  );
}

describe('live prices on the dashboard', () => {
  it('changes the visible prices in place, highlights the changed cells and refetches nothing', async () => {
    const server = serverWith([aContract()]);
    const { socket } = await openLiveDashboard(server);
    expect(prices('Y')).toEqual(['€ 86,77/MWh', 'markt € 85,26/MWh']);
    const requestsBefore = server.requests.length;

    act(() => socket.emit('priceUpdate', { prices: [gasQuote()], sentAt: 1 }));

    // OTC 36.125, click price 36.125 + mark-up and fees 1.5125 = 37.6375.
    await waitFor(() => expect(prices('Y')).toEqual(['€ 37,64/MWh', 'markt € 36,13/MWh']));
    const id = 'KL-270001-2027-Y-Gas';
    expect(screen.getByTestId(`otc-click-price-${id}`)).toHaveAttribute('data-changed', 'true');
    expect(screen.getByTestId(`otc-price-${id}`)).toHaveAttribute('data-changed', 'true');
    // Another maturity did not move.
    expect(prices('Q1')).toEqual(['€ 86,77/MWh', 'markt € 85,26/MWh']);
    expect(screen.getByTestId('otc-click-price-KL-270001-2027-Q1-Gas')).not.toHaveAttribute(
      'data-changed',
    );
    expect(server.requests.length).toBe(requestsBefore);
    // The stored copy follows, so a later start shows the moved price too.
    const stored = JSON.parse(window.localStorage.getItem('position_KL-270001') ?? '{}') as {
      statusPerContract?: ContractData['statusPerContract'];
    };
    const year = stored.statusPerContract?.yearStatuses.find((s) => s.yearOfSupply === 2027);
    expect(year?.contractParts[0]?.offerPart?.marketPrice).toBe('36.125');
  });

  it('reloads a contract when a price reaches a position that had none', async () => {
    const unpriced = aContract({
      status: (maturity) =>
        maturity === 'M3'
          ? {
              clickable: false,
              disableClickReason: 'DC_23',
              contractParts: [
                aPart({ offerPart: { marketPrice: null, clickPrice: null, quotedAt: null } }),
              ],
            }
          : {},
    });
    const server = serverWith([unpriced]);
    server.on('GET', CONTRACT_DATA, () => ({ status: 200, body: aContract() }));
    const { socket } = await openLiveDashboard(server);
    expect(screen.getByTestId('reason-KL-270001-2027-M3')).toHaveAttribute('data-reason', 'DC_23');

    act(() => socket.emit('priceUpdate', { prices: [gasQuote({ maturity: 'M3' })], sentAt: 1 }));

    expect(await screen.findByTestId('click-KL-270001-2027-M3')).toBeInTheDocument();
    expect(server.callsTo('GET', CONTRACT_DATA)).toHaveLength(1);
    expect(server.callsTo('GET', DASHBOARD_DATA)).toHaveLength(2);
  });
});

describe('clickUpdate on the dashboard', () => {
  it('reloads only that contract and shows what the server now says', async () => {
    const server = serverWith([aContract()]);
    server.on('GET', CONTRACT_DATA, () => ({
      status: 200,
      body: aContract({
        status: (maturity) =>
          ['Y', 'Q1', 'M1', 'M2', 'M3'].includes(maturity)
            ? { clickable: false, disableClickReason: 'DC_31' }
            : {},
      }),
    }));
    const { socket } = await openLiveDashboard(server);
    expect(screen.getByTestId('click-KL-270001-2027-Q1')).toBeInTheDocument();

    act(() => socket.emit('clickUpdate', { contractId: 'KL-270001' }));

    await waitFor(() =>
      expect(screen.getByTestId('reason-KL-270001-2027-Q1')).toHaveAttribute(
        'data-reason',
        'DC_31',
      ),
    );
    expect(server.callsTo('GET', CONTRACT_DATA)).toHaveLength(1);
    expect(server.callsTo('GET', DASHBOARD_DATA)).toHaveLength(2);
  });

  it('ignores a contract that is not on the dashboard', async () => {
    const server = serverWith([aContract()]);
    const { socket } = await openLiveDashboard(server);
    // The positions' own calls; the plan's panels (standing orders) refresh on every click.
    const positionCalls = () =>
      server.callsTo('GET', CONTRACT_DATA).length + server.callsTo('GET', DASHBOARD_DATA).length;
    const before = positionCalls();
    act(() => socket.emit('clickUpdate', { contractId: 'KL-999999' }));
    act(() => socket.emit('sessionCountUpdate', { count: 4 }));
    expect(positionCalls()).toBe(before);
  });
});

describe('pausing on the dashboard', () => {
  it('shows the pause banner and DC_35 on every position at once, without a reload', async () => {
    const server = serverWith([aContract()]);
    const { socket } = await openLiveDashboard(server);
    expect(screen.queryByTestId('pause-banner')).not.toBeInTheDocument();
    expect(screen.getAllByText('Klik').length).toBeGreaterThan(0);

    act(() => socket.emit('tradingStatusUpdate', { pauzeActive: true }));

    const banner = await screen.findByTestId('pause-banner');
    expect(banner).toHaveRole('alert');
    expect(banner).toHaveTextContent('Klikken is gepauzeerd');
    await waitFor(() =>
      expect(screen.getByTestId('reason-KL-270001-2027-Y')).toHaveAttribute('data-reason', 'DC_35'),
    );
    expect(screen.getByTestId('reason-KL-270001-2027-Y')).toHaveTextContent('gepauzeerd');
    // The screen's links, not the header's brand (which may read "Klik …" too).
    const dashboardScreen = within(screen.getByTestId('screen-dashboard'));
    expect(dashboardScreen.queryAllByRole('link', { name: /^Klik / })).toHaveLength(0);
    expect(server.callsTo('GET', DASHBOARD_DATA)).toHaveLength(2);
  });

  it('reloads the selected dashboard when clicking resumes', async () => {
    let paused = true;
    const server = serverWith([aContract()]);
    server.on('GET', '/rest/tradingstatus', () => ({ status: 200, body: { pauzeActive: paused } }));
    server.on('GET', DASHBOARD_DATA, () => ({
      status: 200,
      body: [
        aContract({
          status: () => (paused ? { clickable: false, disableClickReason: 'DC_35' } : {}),
        }),
      ],
    }));
    const { socket } = await openLiveDashboard(server);
    expect(await screen.findByTestId('pause-banner')).toBeInTheDocument();

    paused = false;
    act(() => socket.emit('tradingStatusUpdate', { pauzeActive: false }));

    await waitFor(() => expect(screen.queryByTestId('pause-banner')).not.toBeInTheDocument());
    expect(await screen.findByTestId('click-KL-270001-2027-Y')).toBeInTheDocument();
    expect(server.callsTo('GET', DASHBOARD_DATA)).toHaveLength(3);
  });

  it('asks again for what it may have missed when the socket comes back', async () => {
    const server = serverWith([aContract()]);
    const { app, socket } = await openLiveDashboard(server);
    const statusLoads = () => server.callsTo('GET', '/rest/tradingstatus').length;
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    const statusLoadsBefore = statusLoads();
    expect(statusLoadsBefore).toBeGreaterThan(0);
    vi.useFakeTimers();
    try {
      act(() => socket.serverClose(1006));
      act(() => vi.advanceTimersByTime(1000));
    } finally {
      vi.useRealTimers();
    }
    const again = app.sockets.latest();
    expect(again).not.toBe(socket);
    act(() => again.open());
    await waitFor(() => expect(server.callsTo('GET', DASHBOARD_DATA)).toHaveLength(3));
    await waitFor(() => expect(statusLoads()).toBe(statusLoadsBefore + 1));
  });
});

describe('a session ended by the server', () => {
  it('signs the user out and says why on the login screen, in Dutch and in English', async () => {
    const server = serverWith([aContract()]);
    const { app, socket } = await openLiveDashboard(server);

    act(() => socket.emit('terminateSession', { reason: 'TERMINATED' }));

    const message = await screen.findByTestId('session-ended');
    expect(message).toHaveRole('alert');
    expect(message).toHaveTextContent('Uw sessie is beëindigd door een beheerder');
    expect(app.location()).toBe('/login?returnUrl=%2Fdashboard');
    expect(window.sessionStorage.getItem('session')).toBeNull();
    // The server ended it already: nothing to log out.
    expect(server.callsTo('POST', '/rest/authentication/logout')).toHaveLength(0);

    act(() => screen.getByTestId('locale-en').click());
    await waitFor(() =>
      expect(screen.getByTestId('session-ended')).toHaveTextContent(
        'Your session was ended by an administrator',
      ),
    );
  });

  it('says when the session expired', async () => {
    const server = serverWith([aContract()]);
    const { socket } = await openLiveDashboard(server);
    act(() => socket.emit('terminateSession', { reason: 'EXPIRED' }));
    expect(await screen.findByTestId('session-ended')).toHaveTextContent('Uw sessie is verlopen');
  });
});
