import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TpiCustomerData, TpiSummary, UserSession } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer, watched, type FakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

// Whole-portal renders with Mantine tables are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const TPI_SESSION: Partial<UserSession> = {
  role: 'consultant',
  username: 'tpi',
  name: 'Tessa Adviseur',
  token: 'token-of-tpi',
  allowTPIPage: true,
};

function aYear(overrides: Partial<TpiSummary> = {}): TpiSummary {
  return {
    contractId: 'KL-270001',
    id: 11,
    yearOfSupply: 2027,
    clickedPercentage: '32.5',
    weightedAvgGasClickPrice: '30.7208',
    weightedAvgPeakClickPrice: null,
    weightedAvgOffPeakClickPrice: null,
    openVolume: '810',
    parts: [
      {
        name: 'Gas',
        totalVolume: '1200',
        clickedVolume: '390',
        openVolume: '810',
        weightedAvgClickPrice: '30.7208',
        currentClickPrice: '37.75',
      },
    ],
    nextDeadline: { maturity: 'Y', closesAt: '2026-12-31T15:00:00.000Z' },
    pendingApprovals: 1,
    budgetPosition: null,
    ...overrides,
  };
}

function aTpiCustomer(
  customerId: number,
  customerName: string,
  commodity: 'Power' | 'Gas',
  years: TpiSummary[],
): TpiCustomerData {
  return {
    customerId,
    customerName,
    contracts: [
      { contractId: `KL-${customerId}`, commodity, product: 'Product', clickType: null, years },
    ],
  };
}

const BAKKERIJ = aTpiCustomer(11, 'Bakkerij Jansen', 'Gas', [
  aYear({ contractId: 'KL-11', id: 11 }),
]);
const LOGISTIEK = aTpiCustomer(12, 'Jansen Logistiek', 'Power', [
  aYear({ contractId: 'KL-12', id: 12, clickedPercentage: '80', pendingApprovals: 0 }),
]);

function open(server: FakeServer, path = '/overview') {
  startSession(aUserSession(TPI_SESSION));
  const app = renderApp(server, path);
  return { app, user: userEvent.setup() };
}

function status(customerId: number) {
  return screen.getByTestId(`tpi-status-${customerId}`).getAttribute('data-status');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the TPI overview', () => {
  it('shows each customer at status 1 until its data is in, then 2, and stores it', async () => {
    const server = createFakeServer({});
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    server.on('GET', '/rest/tpi/11', () => new Promise((resolve) => (answer = resolve)));
    server.on('GET', '/rest/tpi/12', () => ({ status: 200, body: LOGISTIEK }));
    open(server);
    await waitFor(() => expect(status(12)).toBe('2'));
    expect(status(11)).toBe('1');
    expect(sessionStorage.getItem('tpi_data_11')).toBeNull();

    answer({ status: 200, body: BAKKERIJ });
    await waitFor(() => expect(status(11)).toBe('2'));
    expect(screen.getByTestId('tpi-lowest-11')).toHaveTextContent('32,5%');
    expect(JSON.parse(sessionStorage.getItem('tpi_data_11') ?? 'null')).toEqual(BAKKERIJ);
  });

  it('drops the TPI data of a customer whose load fails or who has no power or gas data', async () => {
    sessionStorage.setItem('tpi_data_11', JSON.stringify(BAKKERIJ));
    sessionStorage.setItem('tpi_data_12', JSON.stringify(LOGISTIEK));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = createFakeServer({});
    server.on('GET', '/rest/tpi/11', () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'Internal error' },
    }));
    server.on('GET', '/rest/tpi/12', () => ({
      status: 200,
      body: { customerId: 12, customerName: 'Jansen Logistiek', contracts: [] },
    }));
    open(server);
    await waitFor(() => expect(screen.getByTestId('tpi-status-11')).toHaveTextContent(/niet/));
    await waitFor(() =>
      expect(screen.getByTestId('tpi-status-12')).toHaveTextContent('Geen stroom- of gasgegevens'),
    );
    expect(sessionStorage.getItem('tpi_data_11')).toBeNull();
    expect(sessionStorage.getItem('tpi_data_12')).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'Customer 12 has no Power or Gas data; its TPI data is dropped',
    );
    expect(screen.getByTestId('tpi-lowest-11')).toHaveTextContent('–');
  });

  it('filters and sorts through the address bar, and exports what it shows', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/tpi/11', () => ({ status: 200, body: BAKKERIJ }));
    server.on('GET', '/rest/tpi/12', () => ({ status: 200, body: LOGISTIEK }));
    const { app, user } = open(server, '/overview?sort=-clicked');
    await waitFor(() => expect(status(11)).toBe('2'));
    await waitFor(() => expect(status(12)).toBe('2'));
    const names = () =>
      within(screen.getByTestId('tpi-table'))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual(['Jansen Logistiek', 'Bakkerij Jansen']);

    await user.selectOptions(screen.getByTestId('tpi-filter-commodity'), 'Gas');
    await waitFor(() => expect(app.location()).toBe('/overview?sort=-clicked&commodity=Gas'));
    await waitFor(() => expect(names()).toEqual(['Bakkerij Jansen']));
    // Behind on hedging below 4%: nobody; below 40%: the bakery at 32.5%.
    await user.type(screen.getByTestId('tpi-filter-behind'), '4');
    await waitFor(() => expect(screen.getByTestId('tpi-filtered-empty')).toBeVisible());
    await user.type(screen.getByTestId('tpi-filter-behind'), '0');
    await waitFor(() => expect(names()).toEqual(['Bakkerij Jansen']));

    const downloads: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      downloads.push(input);
      return new Response('customerId\r\n', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="klik-tpi.csv"' },
      });
    });
    URL.createObjectURL = () => 'blob:klik-export';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByTestId('tpi-export-csv'));
    await waitFor(() =>
      expect(downloads).toEqual([
        '/rest/tpi/export?commodity=Gas&behind=40&sort=-clicked&format=csv',
      ]),
    );
  });

  it('opens a customer by keyboard to its contracts by year, axe-clean', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/tpi/11', () => ({ status: 200, body: BAKKERIJ }));
    server.on('GET', '/rest/tpi/12', () => ({ status: 200, body: LOGISTIEK }));
    const { user } = open(server);
    await waitFor(() => expect(status(11)).toBe('2'));
    const expand = screen.getByTestId('tpi-expand-11');
    expand.focus();
    await user.keyboard('{Enter}');
    expect(expand).toHaveAttribute('aria-expanded', 'true');
    const line = screen.getByTestId('tpi-line-KL-11-2027');
    expect(line).toHaveTextContent('32,5%');
    expect(line).toHaveTextContent('€ 30,7208/MWh');
    expect(line).toHaveTextContent('Gas: € 37,75/MWh');
    await user.click(screen.getByTestId('tpi-select-12'));
    expect(screen.getByTestId('tpi-selection-toolbar')).toHaveTextContent('1 klant geselecteerd');
    await expectNoAxeViolations();
  });

  it('loads a customer again on a clickUpdate for one of its contracts', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/tpi/11', () => ({ status: 200, body: BAKKERIJ }));
    server.on('GET', '/rest/tpi/12', () => ({ status: 200, body: LOGISTIEK }));
    const { app } = open(server);
    await waitFor(() => expect(status(11)).toBe('2'));
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    const before = server.callsTo('GET', '/rest/tpi/11').length;
    const socket = await app.sockets.connecting();
    act(() => socket.open());
    act(() => socket.emit('clickUpdate', { contractId: 'KL-11' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/rest/tpi/11').length).toBeGreaterThan(before),
    );
  });

  it('tells a consultant without customers that none are linked yet, and where to look', async () => {
    startSession(aUserSession({ ...TPI_SESSION, allowedCustomers: [] }));
    const app = renderApp(createFakeServer({}), '/overview');
    const empty = await screen.findByTestId('tpi-empty');
    expect(empty).toHaveTextContent('Er zijn nog geen klanten aan uw account gekoppeld.');
    expect(within(empty).getByRole('link', { name: 'Mijn gegevens' })).toHaveAttribute(
      'href',
      '/myinfo',
    );
    expect(within(empty).getByRole('link', { name: 'Contact opnemen' })).toHaveAttribute(
      'href',
      '/help#help-contact',
    );
    await expectNoAxeViolations(app.container);
  });

  it('ranks customers by risk on the server: columns, sort by heading, minimums, axe-clean', async () => {
    const fake = createFakeServer({});
    fake.on('GET', '/rest/tpi/11', () => ({ status: 200, body: BAKKERIJ }));
    fake.on('GET', '/rest/tpi/12', () => ({ status: 200, body: LOGISTIEK }));
    fake.on('GET', '/rest/tpi', () => ({
      status: 200,
      body: {
        page: 0,
        size: 25,
        total: 2,
        data: [
          {
            ...LOGISTIEK,
            risk: {
              costAtRisk: '48250.5',
              probabilityAboveBand: '31.25',
              behindHedgePolicy: '12.5',
            },
          },
          {
            ...BAKKERIJ,
            risk: { costAtRisk: '1200', probabilityAboveBand: null, behindHedgePolicy: null },
          },
        ],
      },
    }));
    const { server, urls } = watched(fake);
    const { app, user } = open(server, '/overview?rank=-costAtRisk');
    const first = await screen.findByTestId('tpi-ranking-12');
    expect(first.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Jansen Logistiek€ 48.250,5031,3%12,50 procentpunt',
    );
    expect(screen.getByTestId('tpi-ranking-11')).toHaveTextContent('geengeen');
    expect(urls).toContain('/rest/tpi?page=0&size=25&sort=-costAtRisk&withRisk=true');
    const heading = screen.getByTestId('tpi-ranking-sort-costAtRisk').closest('th');
    expect(heading).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByTestId('tpi-ranking-sort-probabilityAboveBand'));
    await waitFor(() => expect(app.location()).toBe('/overview?rank=-probabilityAboveBand'));
    await waitFor(() =>
      expect(urls).toContain('/rest/tpi?page=0&size=25&sort=-probabilityAboveBand&withRisk=true'),
    );
    await user.type(screen.getByTestId('tpi-ranking-minBehindHedgePolicy'), '10');
    await waitFor(() =>
      expect(urls).toContain(
        '/rest/tpi?page=0&size=25&sort=-probabilityAboveBand&minBehindHedgePolicy=10&withRisk=true',
      ),
    );
    await user.type(screen.getByTestId('tpi-ranking-minCostAtRisk'), 'x');
    expect(screen.getByTestId('tpi-ranking-minCostAtRisk')).toHaveAccessibleDescription(
      /hoogstens 2 decimalen/,
    );
    await expectNoAxeViolations();
  });
});
