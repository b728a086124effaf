import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContractData } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { aContract } from '../../../test/position-builders';
import { renderApp, screen } from '../../../test/render-app';

// The card decides which year the charts draw; what they draw is theirs.
vi.mock('./contract-charts', () => ({
  ContractCharts: ({ year }: { year: number }) => <p data-testid="charts-year">{year}</p>,
}));

vi.setConfig({ testTimeout: 60_000 });

// Friday 20 November 2026: every deadline of 2025 has passed, none of 2027.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

function open(contracts: ContractData[]) {
  const server = createFakeServer({});
  server.on('GET', '/rest/dashboardContractData/101', () => ({ status: 200, body: contracts }));
  server.on('GET', '/rest/dashboardContractSummary/101', () => ({ status: 200, body: [] }));
  startSession(aUserSession());
  renderApp(server, '/dashboard');
  return userEvent.setup();
}

describe('contract card years', () => {
  it('opens on the first year that can be clicked now and draws the charts of the year shown', async () => {
    const user = open([
      aContract({
        status: (_maturity, year) =>
          year === 2027 ? { clickable: false, disableClickReason: 'DC_31' } : {},
      }),
    ]);
    const tab2028 = await screen.findByTestId('year-tab-KL-270001-2028');
    expect(tab2028).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('grid-KL-270001-2028')).toBeVisible();
    expect(await screen.findByTestId('charts-year')).toHaveTextContent('2028');

    await user.click(screen.getByTestId('year-tab-KL-270001-2027'));
    expect(await screen.findByTestId('grid-KL-270001-2027')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('charts-year')).toHaveTextContent('2027'));
  });

  it('keeps years whose deadlines all passed behind a history disclosure, reachable by keyboard', async () => {
    const user = open([
      aContract({
        yearsOfSupply: [2025, 2027],
        status: (_maturity, year) =>
          year === 2025 ? { clickable: false, disableClickReason: 'DC_21' } : {},
      }),
    ]);
    const tab2027 = await screen.findByTestId('year-tab-KL-270001-2027');
    expect(tab2027).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('year-tab-KL-270001-2025')).not.toBeInTheDocument();
    const history = screen.getByRole('button', { name: 'Geschiedenis (2025)' });
    expect(history).toHaveAttribute('aria-expanded', 'false');
    await expectNoAxeViolations();

    history.focus();
    await user.keyboard('{Enter}');
    expect(history).toHaveAttribute('aria-expanded', 'true');
    const tab2025 = screen.getByTestId('year-tab-KL-270001-2025');
    expect(tab2025).toHaveAttribute('data-history', 'true');
    // The history years join the tab list, after the years ahead, so the arrows reach them.
    tab2027.focus();
    await user.keyboard('{ArrowLeft}');
    expect(tab2025).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('year-history-KL-270001-2025')).toHaveTextContent(
      'Alle deadlines van deze jaren zijn verstreken',
    );
    expect(screen.getByTestId('grid-KL-270001-2025')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('charts-year')).toHaveTextContent('2025'));
    await expectNoAxeViolations();

    await user.click(history);
    expect(history).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('year-tab-KL-270001-2025')).not.toBeInTheDocument();
    expect(screen.getByTestId('year-tab-KL-270001-2027')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a contract that is all history without asking', async () => {
    open([
      aContract({
        yearsOfSupply: [2024, 2025],
        status: () => ({ clickable: false, disableClickReason: 'DC_21' }),
      }),
    ]);
    expect(await screen.findByTestId('year-tab-KL-270001-2024')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByTestId('year-tab-KL-270001-2025')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Geschiedenis/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('year-history-KL-270001-2024')).toBeVisible();
  });
});

describe('contract cards below the first', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('draw their years and grid once they come near the screen, their heading at once; the charts of the first card too', async () => {
    const reports: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          reports.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    open([aContract(), aContract({ contractId: 'KL-270002' })]);
    expect(await screen.findByTestId('grid-KL-270001-2027')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Gas TTF · KL-270002' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('contract-pending-KL-270002')).toBeInTheDocument();
    expect(screen.queryByTestId('grid-KL-270002-2027')).not.toBeInTheDocument();
    // The first card's grid is drawn at once, its charts below it only once they come near.
    expect(screen.getByTestId('contract-pending-charts-KL-270001')).toBeInTheDocument();

    act(() => reports.forEach((report) => report([{ isIntersecting: true }])));
    expect(await screen.findByTestId('grid-KL-270002-2027')).toBeVisible();
    expect(screen.queryByTestId('contract-pending-KL-270002')).not.toBeInTheDocument();
    expect(screen.queryByTestId('contract-pending-charts-KL-270001')).not.toBeInTheDocument();
  });
});
