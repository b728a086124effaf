import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContractData, HedgeYear } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer, watched, type FakeServer } from '../../../test/fake-server';
import { aContract, aPart, aSummary, powerParts } from '../../../test/position-builders';
import { aCustomerRisk, aDistribution, aRiskYear } from '../../../test/risk-builders';
import { renderApp, screen } from '../../../test/render-app';

vi.setConfig({ testTimeout: 60_000 });

// Friday 20 November 2026, 10:00 in Amsterdam: the day of the examples in docs/domain.md.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

// docs/domain.md example 1 in 2027 and example 3 in 2028; 2025 is history.
const power = aContract({
  contractId: 'KL-270002',
  commodity: 'Power',
  product: 'Stroom Peak/Off-peak NL',
  yearsOfSupply: [2025, 2027, 2028],
  status: (maturity, year) => {
    if (year === 2025) return { clickable: false, disableClickReason: 'DC_21' };
    if (year === 2028 && maturity === 'Y') {
      return {
        contractParts: [
          aPart({
            name: 'Peak',
            totalVolume: '1000',
            clickedVolume: '250',
            weightedAvgClickPrice: '82',
            offerPart: { marketPrice: '86.6', clickPrice: '88.1', quotedAt: null },
          }),
          aPart({
            name: 'OffPeak',
            totalVolume: '500',
            clickedVolume: '0',
            weightedAvgClickPrice: null,
            offerPart: { marketPrice: null, clickPrice: null, quotedAt: null },
          }),
        ],
      };
    }
    const [peak, offPeak] = powerParts();
    return { contractParts: [peak!, { ...offPeak!, weightedAvgClickPrice: '65' }] };
  },
});

// docs/domain.md example 2: nothing clicked.
const gas = aContract({
  contractId: 'KL-270001',
  yearsOfSupply: [2027],
  status: () => ({
    contractParts: [
      aPart({ totalVolume: '1200', clickedVolume: '0', weightedAvgClickPrice: null }),
    ],
  }),
});

function serverWith(contracts: ContractData[], hedgeYears: HedgeYear[] = []): FakeServer {
  const server = createFakeServer({});
  server.on('GET', '/rest/dashboardContractData/101', () => ({ status: 200, body: contracts }));
  server.on('GET', '/rest/dashboardContractSummary/101', () => ({
    status: 200,
    body: contracts.map((contract) =>
      aSummary({ contractId: contract.contractId, commodity: contract.commodity }),
    ),
  }));
  server.on('GET', '/rest/hedgepolicies/11', () => ({ status: 200, body: hedgeYears }));
  return server;
}

function open(server: FakeServer, path = '/dashboard') {
  startSession(aUserSession());
  const app = renderApp(server, path);
  return { app, user: userEvent.setup() };
}

function text(testId: string): string {
  return (screen.getByTestId(testId).textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
}

describe('dashboard summary', () => {
  it('shows per commodity and year ahead the share fixed, average, open value, expected total and next deadline', async () => {
    open(serverWith([gas, power]));
    const strip = await screen.findByTestId('overview');
    expect(strip).toHaveAccessibleName('In één oogopslag');
    expect(
      within(strip)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Stroom 2027', 'Stroom 2028', 'Gas 2027']);

    expect(text('overview-fixed-Power-2027')).toBe('20% van 3.000 MWh');
    expect(text('overview-average-Power-2027')).toBe('€ 75,33/MWh');
    expect(text('overview-open-Power-2027')).toBe(
      '2.400 MWh, waard € 180.963,00 tegen de klikprijs van vandaag',
    );
    expect(text('overview-expected-Power-2027')).toBe('€ 226.163,00');
    expect(text('overview-deadline-Power-2027')).toBe('Heel jaar 2027: 31-12-2026, nog 41 dagen');
    expect(within(screen.getByTestId('overview-Power-2027')).getByRole('img')).toHaveAccessibleName(
      '20% geklikt',
    );

    expect(text('overview-average-Gas-2027')).toBe('Nog niets geklikt');
    expect(text('overview-expected-Gas-2027')).toBe('€ 104.121,00');

    expect(text('overview-open-Power-2028')).toBe(
      '1.250 MWh, waarde onbekend: een deel heeft nog geen klikprijs',
    );
    expect(text('overview-expected-Power-2028')).toBe('Onbekend zolang een klikprijs ontbreekt');
    expect(text('overview-deadline-Power-2028')).toBe('Heel jaar 2028: 31-12-2027, nog 406 dagen');
    expect(screen.queryByTestId('overview-Power-2025')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('stands above the plan panels and the contracts', async () => {
    open(serverWith([gas]));
    const strip = await screen.findByTestId('overview');
    const contract = await screen.findByTestId('contract-KL-270001');
    const following = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(following(strip, contract)).toBe(true);
    expect(following(strip, screen.getByTestId('dashboard-plan'))).toBe(true);
  });

  it('draws the hedge corridor of a year in the bar and names it', async () => {
    const corridor: HedgeYear = {
      contractId: 'KL-270002',
      commodity: 'Power',
      product: 'Stroom Peak/Off-peak NL',
      yearOfSupply: 2027,
      totalVolume: '3000',
      fixedVolume: '600',
      fixedShare: '20',
      points: [{ date: '2026-11-01', minShare: '30', maxShare: '60' }],
      corridor: { min: '30', max: '60' },
      position: 'BEHIND',
      nextPoint: null,
    };
    open(serverWith([power, gas], [corridor]));
    const tile = await screen.findByTestId('overview-Power-2027');
    await waitFor(() =>
      expect(within(tile).getByRole('img')).toHaveAccessibleName(
        '20% geklikt, afdekcorridor 30% tot 60%',
      ),
    );
    expect(within(tile).getByTestId('overview-corridor')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('overview-Gas-2027')).queryByTestId('overview-corridor'),
    ).not.toBeInTheDocument();
  });

  it('follows the commodity filter and speaks English on request', async () => {
    const { user } = open(serverWith([gas, power]), '/dashboard/gas');
    const strip = await screen.findByTestId('overview');
    expect(
      within(strip)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Gas 2027']);
    await user.click(screen.getByTestId('locale-en'));
    await waitFor(() => expect(screen.getByTestId('overview')).toHaveAccessibleName('At a glance'));
    expect(text('overview-open-Gas-2027')).toBe(
      "1,200 MWh, worth €104,121.00 at today's click price",
    );
    expect(text('overview-deadline-Gas-2027')).toBe('Whole year 2027: 31/12/2026, 41 days left');
  });

  it('shows skeletons while the contracts load, and nothing when there is nothing to summarise', async () => {
    const slow = createFakeServer({});
    slow.on('GET', '/rest/dashboardContractData/101', () => new Promise(() => {}));
    const { app } = open(slow);
    expect(await screen.findByTestId('overview-loading')).toHaveAttribute('aria-busy', 'true');
    app.unmount();

    const past = aContract({
      yearsOfSupply: [2025],
      status: () => ({ clickable: false, disableClickReason: 'DC_21' }),
    });
    open(serverWith([past]));
    await screen.findByTestId('contract-KL-270001');
    expect(screen.queryByTestId('overview')).not.toBeInTheDocument();
    expect(screen.queryByTestId('overview-loading')).not.toBeInTheDocument();
  });

  it("adds each year's P95 when the risk figures arrive, without waiting for them", async () => {
    const server = serverWith([gas, power]);
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    server.on('GET', '/rest/risk/11', () => new Promise((resolve) => (answer = resolve)));
    const { server: seen, urls } = watched(server);
    open(seen);
    // The rest of the tile is there at once; the P95 holds its place.
    expect(await screen.findByTestId('overview-expected-Gas-2027')).toBeInTheDocument();
    expect(screen.getByTestId('overview-p95-Gas-2027-loading')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    answer({
      status: 200,
      body: aCustomerRisk({
        years: [
          aRiskYear(),
          // Over other contracts than the tile's: not this tile's figure.
          aRiskYear({
            commodity: 'Power',
            yearOfSupply: 2027,
            contractIds: ['KL-270002', 'KL-270009'],
            distribution: aDistribution({ p95: '1.00' }),
          }),
        ],
      }),
    });
    await waitFor(() =>
      expect(text('overview-p95-Gas-2027')).toBe('€ 151.250,75 (kosten-at-risk € 31.250,75)'),
    );
    expect(screen.queryByTestId('overview-p95-Power-2027')).not.toBeInTheDocument();
    expect(screen.queryByTestId('overview-p95-Power-2027-loading')).not.toBeInTheDocument();
    // Over the selected dashboard's contracts, as the tiles are.
    expect(urls).toContain('/rest/risk/11?dashboardId=101');
    await expectNoAxeViolations();
  });
});
