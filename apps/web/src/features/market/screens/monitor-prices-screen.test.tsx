import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BoardEntry, FeedHealth } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

const NOW = Date.parse('2026-11-20T10:00:00.000Z');

function entry(overrides: Partial<BoardEntry>): BoardEntry {
  return {
    product: 'TTF_GAS',
    yearOfSupply: 2027,
    maturity: 'Y',
    market: 'OTC',
    price: '34.5',
    at: new Date(NOW - 42_000).toISOString(),
    ageSeconds: 42,
    ...overrides,
  };
}

const board: BoardEntry[] = [
  entry({ product: 'NL_POWER_PEAK', price: '99.8' }),
  entry({}),
  entry({ market: 'ICE', price: '34.55', at: new Date(NOW - 185_000).toISOString() }),
  entry({ maturity: 'Q1', price: '37.1' }),
  entry({ maturity: 'M1', price: null, at: null, ageSeconds: null }),
  entry({ yearOfSupply: 2028, price: '31.2' }),
];

const feed: FeedHealth = {
  source: 'simulated',
  leading: true,
  intervalMs: 5000,
  lastTickAt: new Date(NOW - 3000).toISOString(),
  lastPriceAt: new Date(NOW - 3000).toISOString(),
  lastPriceOrigin: 'SIMULATED',
};

async function openPrices() {
  // Only the screen's clock is fixed, so the ages are known; everything else runs as usual.
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  startSession(aUserSession({ role: 'admin', allowedCustomers: [] }));
  const server = createFakeServer({});
  server.on('GET', '/rest/market/board', () => ({ status: 200, body: board }));
  server.on('GET', '/rest/market/feed', () => ({ status: 200, body: feed }));
  const app = renderApp(server, '/monitorprices');
  const user = userEvent.setup();
  // The first product with prices is shown first; base load has none here.
  await screen.findByTestId('board-NL_POWER_PEAK-2027');
  await user.click(screen.getByRole('tab', { name: 'Gas TTF' }));
  await screen.findByTestId('board-TTF_GAS-2027');
  return { app, server, user };
}

function cellsOf(testId: string) {
  return within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((cell) => cell.textContent?.replace(/[\u00a0\u202f]/g, ' '));
}

describe('monitor prices', () => {
  it('shows the board per product and maturity with OTC and ICE prices and the age of each tick', async () => {
    await openPrices();
    const table = screen.getByTestId('board-TTF_GAS-2027');
    expect(table.closest('[role="region"]')).toHaveAccessibleName(
      'Laatste prijzen van Gas TTF voor 2027',
    );
    expect(cellsOf('board-row-TTF_GAS-2027-Y')).toEqual([
      '€ 34,50/MWh',
      '42 s',
      '€ 34,55/MWh',
      '3 min 5 s',
    ]);
    expect(cellsOf('board-row-TTF_GAS-2027-M1')).toEqual(['geen prijs', '–', 'geen prijs', '–']);
  });

  it('switches product and year', async () => {
    const { user } = await openPrices();
    await user.click(screen.getByRole('tab', { name: 'Stroom base NL' }));
    expect(screen.getByText('Er zijn nog geen prijzen.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Stroom piek NL' }));
    expect(cellsOf('board-row-NL_POWER_PEAK-2027-Y')[0]).toBe('€ 99,80/MWh');
    await user.click(screen.getByRole('tab', { name: 'Gas TTF' }));
    await user.selectOptions(screen.getByLabelText('Leveringsjaar'), '2028');
    expect(cellsOf('board-row-TTF_GAS-2028-Y')[0]).toBe('€ 31,20/MWh');
  });

  it('updates the board live from priceUpdate, with a highlight', async () => {
    const { app, server } = await openPrices();
    const socket = await app.sockets.connecting();
    act(() => socket.open());
    // The first connection asks once for the board it may have missed; then nothing more.
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    const before = server.requests.length;
    act(() =>
      socket.emit('priceUpdate', {
        prices: [
          {
            product: 'TTF_GAS',
            yearOfSupply: 2027,
            maturity: 'Y',
            market: 'OTC',
            price: '35.125',
            at: new Date(NOW - 1000).toISOString(),
          },
        ],
        sentAt: NOW,
      }),
    );
    await waitFor(() => expect(cellsOf('board-row-TTF_GAS-2027-Y')[0]).toBe('€ 35,13/MWh'));
    expect(cellsOf('board-row-TTF_GAS-2027-Y')[1]).toBe('1 s');
    const row = screen.getByTestId('board-row-TTF_GAS-2027-Y');
    expect(within(row).getByTestId('board-otc-price')).toHaveAttribute('data-changed', 'true');
    expect(within(row).getByTestId('board-ice-price')).not.toHaveAttribute('data-changed');
    expect(server.requests.slice(before).map((r) => r.path)).not.toContain('/rest/market/board');
  });

  it("shows the feed's health: source, leading, interval, last tick and newest price", async () => {
    await openPrices();
    const health = await screen.findByTestId('feed-health');
    expect(within(health).getByTestId('feed-source')).toHaveTextContent('gesimuleerd');
    expect(within(health).getByTestId('feed-leading')).toHaveTextContent('ja');
    expect(within(health).getByTestId('feed-interval')).toHaveTextContent('5 s');
    expect(within(health).getByTestId('feed-lastTick')).toHaveTextContent('(3 s geleden)');
    expect(within(health).getByTestId('feed-origin')).toHaveTextContent('gesimuleerd');
  });

  it('shows an error with a retry when the board cannot be loaded', async () => {
    startSession(aUserSession({ role: 'admin', allowedCustomers: [] }));
    const server = createFakeServer({});
    server.on('GET', '/rest/market/board', () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'boom' },
    }));
    server.on('GET', '/rest/market/feed', () => ({ status: 200, body: feed }));
    renderApp(server, '/monitorprices');
    expect(await screen.findByText('De prijzen konden niet worden geladen.')).toBeInTheDocument();
    server.on('GET', '/rest/market/board', () => ({ status: 200, body: board }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('board-NL_POWER_PEAK-2027')).toBeInTheDocument();
  });
});
