import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer, watched, type FakeServer } from '../../../test/fake-server';
import { onAPhone } from '../../../test/on-a-phone';
import { aSummary } from '../../../test/position-builders';
import { openAs, screen, spaced } from '../../../test/render-app';
import { resetServerClock } from '../../../shared/time/server-clock';
import { aBacktest, aRanking, aRankingRow } from '../test-builders';

vi.setConfig({ testTimeout: 20_000 });

let undoPhone: (() => void) | null = null;
afterEach(() => {
  undoPhone?.();
  undoPhone = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetServerClock();
});

const REPLAY_PATH = '/rest/backtest/11';
const RANKING_PATH = '/rest/backtest/ranking';
const SUMMARY_PATH = '/rest/contractSummary/11';
const DEFAULT_QUERY =
  'contractId=KL-270001&yearOfSupply=2027&trancheSchedule=MONTHLY&limitDays=20&limitShare=10&reference=EQUAL_TRANCHES';

/**
 * Picks an option of a Mantine select the way a keyboard user does: focus, open with the arrow
 * key, walk to the option, Enter.
 */
async function choose(user: UserEvent, label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  box.focus();
  await user.keyboard('{ArrowDown}');
  const listbox = document.getElementById(box.getAttribute('aria-controls') ?? '');
  const options = within(listbox!).getAllByRole('option', { hidden: true });
  const at = options.findIndex((candidate) => candidate.textContent === option);
  expect(at, option).toBeGreaterThanOrEqual(0);
  const selected = Math.max(
    0,
    options.findIndex((candidate) => candidate.getAttribute('aria-selected') === 'true'),
  );
  const steps = at - selected;
  await user.keyboard(steps >= 0 ? '{ArrowDown}'.repeat(steps) : '{ArrowUp}'.repeat(-steps));
  await user.keyboard('{Enter}');
}

type Answer = { status: number; body?: unknown } | Promise<never>;

function server(
  replay: () => Answer = () => ({ status: 200, body: aBacktest() }),
  options: { locale?: 'nl' | 'en'; summaries?: unknown[] } = {},
) {
  const fake = createFakeServer({ env: { locale: options.locale ?? 'nl' } });
  fake.on('GET', SUMMARY_PATH, () => ({
    status: 200,
    body: options.summaries ?? [
      aSummary(),
      aSummary({ contractId: 'KL-270002', product: 'Stroom NL', yearsOfSupply: [2026, 2027] }),
    ],
  }));
  fake.on('GET', REPLAY_PATH, replay as () => { status: number; body?: unknown });
  return watched(fake);
}

function open(fake: FakeServer, path = '/strategy', locale: 'nl' | 'en' = 'nl', role = {}) {
  return openAs(fake, path, { locale, ...role });
}

describe('strategy screen', () => {
  it("shows a year's strategies, window, 12-month figures, chart and attribution", async () => {
    const { server: fake, urls } = server();
    const { user } = open(fake);
    const equal = await screen.findByTestId('backtest-strategy-EQUAL_TRANCHES');
    expect(urls).toContain(`${REPLAY_PATH}?${DEFAULT_QUERY}`);
    // Clicks with the forced one named, the average price, the cost and the result both ways.
    expect(spaced(equal.textContent)).toContain('Gelijke tranchesElke maand een gelijk deel');
    expect(spaced(equal.textContent)).toContain('2 (+1 gedwongen aan het eind)');
    expect(spaced(equal.textContent)).toContain('€ 31,00/MWh');
    expect(spaced(equal.textContent)).toContain('€ 93.000,00');
    expect(spaced(equal.textContent)).toContain('€ 1.500,00');
    expect(spaced(equal.textContent)).toContain('€ 0,50/MWh');
    const first = screen.getByTestId('backtest-strategy-FIRST_DAY');
    expect(spaced(first.textContent)).toContain('€ -4.500,00');
    // The actual clicks come first and have no result against themselves.
    const rows = within(screen.getByTestId('backtest-strategies')).getAllByRole('row');
    expect(rows[1]).toHaveAttribute('data-testid', 'backtest-strategy-ACTUAL');
    expect(screen.getByTestId('backtest-strategy-ACTUAL')).toHaveTextContent(/geengeen$/);

    expect(spaced(screen.getByTestId('backtest-window').textContent)).toContain(
      'Klikvenster van 02-01-2026 tot 31-03-2026',
    );
    expect(screen.getByTestId('backtest-closed')).toHaveTextContent('Gesloten');
    expect(screen.queryByTestId('backtest-open-note')).toBeNull();
    expect(spaced(screen.getByTestId('backtest-average').textContent)).toBe('€ 31,25/MWh');
    expect(spaced(screen.getByTestId('backtest-high').textContent)).toBe('€ 34,10/MWh');
    expect(spaced(screen.getByTestId('backtest-low').textContent)).toBe('€ 28,90/MWh');
    expect(spaced(screen.getByTestId('backtest-best-day').textContent)).toBe(
      '16-02-2026: € 87.000,00',
    );
    expect(spaced(screen.getByTestId('backtest-worst-day').textContent)).toBe(
      '08-01-2026: € 102.300,00',
    );
    expect(spaced(screen.getByTestId('backtest-spread').textContent)).toBe('€ 15.300,00');

    // The chart's text alternative: every click of every strategy that ran, the forced one said.
    const chart = screen.getByTestId('backtest-chart');
    expect(chart).toHaveAccessibleName('Prijsverloop met de klikken per strategie');
    const table = within(chart).getByRole('table');
    expect(spaced(table.textContent)).toContain('laagste € 29,00/MWh, hoogste € 33,00/MWh');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 1 + 3 + 1);
    expect(spaced(table.textContent)).toContain('€ 30,00/MWh (gedwongen)');
    // The legend shows the actual clicks and the reference at first; a strategy toggles.
    expect(screen.getByRole('checkbox', { name: 'Uw klikken' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Gelijke tranches' })).toBeChecked();
    const firstDay = screen.getByRole('checkbox', { name: 'Alles op de eerste dag' });
    expect(firstDay).not.toBeChecked();
    await user.click(firstDay);
    expect(firstDay).toBeChecked();

    const attribution = screen.getByTestId('backtest-attribution');
    expect(attribution).toHaveAccessibleName('Verschil tussen uw klikken en Gelijke tranches');
    expect(spaced(screen.getByTestId('backtest-attribution-timing').textContent)).toContain(
      '€ 900,00De dag die u binnen elke maand koos',
    );
    expect(spaced(screen.getByTestId('backtest-attribution-volume').textContent)).toContain(
      '€ 450,00',
    );
    expect(spaced(screen.getByTestId('backtest-attribution-margin').textContent)).toContain(
      '€ 150,00',
    );
    expect(spaced(screen.getByTestId('backtest-attribution-total').textContent)).toContain(
      '€ 1.500,00',
    );
    await expectNoAxeViolations();
  });

  it('says in words why a strategy has no result', async () => {
    const { server: fake } = server();
    open(fake);
    expect(await screen.findByTestId('backtest-unavailable-CORRIDOR_MIDDLE')).toHaveTextContent(
      'Niet beschikbaar: dit jaar heeft geen afdekbeleid.',
    );
    expect(screen.getByTestId('backtest-unavailable-LIMIT_BELOW_AVERAGE')).toHaveTextContent(
      'Niet beschikbaar: er is geen prijshistorie in het klikvenster.',
    );
    // A strategy without a result has no chip in the chart's legend.
    expect(screen.queryByTestId('backtest-chart-toggle-CORRIDOR_MIDDLE')).toBeNull();
  });

  it('shows an open window and its figures in English', async () => {
    const { server: fake } = server(
      () => ({ status: 200, body: aBacktest({ open: true, attribution: null }) }),
      { locale: 'en' },
    );
    open(fake, '/strategy', 'en');
    const equal = await screen.findByTestId('backtest-strategy-EQUAL_TRANCHES');
    expect(equal).toHaveTextContent('€93,000.00');
    expect(screen.getByTestId('backtest-open')).toHaveTextContent('Still open');
    expect(screen.getByTestId('backtest-open-note')).toHaveTextContent(
      "what is still open is valued at today's price",
    );
    expect(screen.getByTestId('backtest-attribution-none')).toHaveTextContent(
      'Equal tranches could not be replayed',
    );
  });

  it('changes the parameters in the address bar and asks the server with them', async () => {
    const { server: fake, urls } = server();
    const { app, user } = open(fake);
    await screen.findByTestId('backtest-strategies');

    await choose(user, 'Tranches', 'Per kwartaal');
    await waitFor(() => expect(app.location()).toBe('/strategy?schedule=QUARTERLY'));
    await waitFor(() =>
      expect(urls).toContain(`${REPLAY_PATH}?${DEFAULT_QUERY.replace('MONTHLY', 'QUARTERLY')}`),
    );

    // A number out of range is refused; in range it applies with the button.
    const days = screen.getByTestId('backtest-limit-days');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(screen.getByTestId('backtest-apply'));
    expect(days).toHaveAccessibleDescription(/Vul een heel getal van 5 tot 250 in/);
    await user.clear(days);
    await user.type(days, '60');
    await user.clear(screen.getByTestId('backtest-limit-share'));
    await user.type(screen.getByTestId('backtest-limit-share'), '25{Enter}');
    await waitFor(() =>
      expect(app.location()).toBe('/strategy?schedule=QUARTERLY&limitDays=60&limitShare=25'),
    );
    await waitFor(() =>
      expect(urls).toContain(
        `${REPLAY_PATH}?contractId=KL-270001&yearOfSupply=2027&trancheSchedule=QUARTERLY&limitDays=60&limitShare=25&reference=EQUAL_TRANCHES`,
      ),
    );

    await choose(user, 'Contract', 'KL-270002 (Stroom NL)');
    await waitFor(() => expect(app.location()).toContain('contract=KL-270002'));
    await waitFor(() =>
      expect(urls.some((url) => url.includes('contractId=KL-270002&yearOfSupply=2026'))).toBe(true),
    );
  });

  it('opens with the parameters of a shared link', async () => {
    const { server: fake, urls } = server();
    open(
      fake,
      '/strategy?contract=KL-270001&year=2028&schedule=QUARTERLY&limitDays=40&limitShare=5&reference=LAST_DAY',
    );
    await screen.findByTestId('backtest-strategies');
    expect(urls).toContain(
      `${REPLAY_PATH}?contractId=KL-270001&yearOfSupply=2028&trancheSchedule=QUARTERLY&limitDays=40&limitShare=5&reference=LAST_DAY`,
    );
    expect(screen.getByRole('combobox', { name: 'Leveringsjaar' })).toHaveValue('2028');
    expect(screen.getByTestId('backtest-limit-days')).toHaveValue('40');
  });

  it('downloads the replay as CSV, XLSX or PDF with the parameters and the locale', async () => {
    const { server: fake } = server();
    const { user } = open(fake, '/strategy?schedule=QUARTERLY');
    await screen.findByTestId('backtest-strategies');
    const downloads: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      downloads.push(input);
      return new Response('strategy\r\n', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="klik-strategy.csv"' },
      });
    });
    URL.createObjectURL = () => 'blob:klik-export';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByTestId('backtest-export-pdf'));
    await waitFor(() =>
      expect(downloads).toEqual([
        `${REPLAY_PATH}/export?${DEFAULT_QUERY.replace('MONTHLY', 'QUARTERLY')}&format=pdf&locale=nl`,
      ]),
    );
  });

  it('says when the year has no price history yet', async () => {
    const { server: fake } = server(() => ({
      status: 200,
      body: aBacktest({ history: [], window: null, twelveMonth: null, attribution: null }),
    }));
    open(fake);
    expect(await screen.findByTestId('backtest-no-history')).toHaveTextContent(
      'Er is nog geen prijshistorie voor dit jaar.',
    );
    await expectNoAxeViolations();
  });

  it('says when the customer has no contracts yet', async () => {
    const { server: fake, urls } = server(undefined, { summaries: [] });
    open(fake);
    expect(await screen.findByTestId('backtest-no-contracts')).toHaveTextContent(
      'nog geen contracten',
    );
    expect(urls.some((url) => url.startsWith(REPLAY_PATH))).toBe(false);
    await expectNoAxeViolations();
  });

  it('shows the loading state while the strategies are replayed', async () => {
    const { server: fake } = server(() => new Promise(() => {}));
    open(fake);
    expect(await screen.findByText('Strategieën narekenen…')).toBeTruthy();
  });

  it('retries a replay that failed', async () => {
    let calls = 0;
    const { server: fake } = server(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
        : { status: 200, body: aBacktest() };
    });
    const { user } = open(fake);
    const failed = await screen.findByTestId('backtest-error');
    expect(failed).toHaveTextContent('De strategieën konden niet worden nagerekend.');
    await user.click(within(failed).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('backtest-strategies')).toBeTruthy();
  });

  it('passes axe on a phone', async () => {
    undoPhone = onAPhone();
    const { server: fake } = server();
    open(fake);
    await screen.findByTestId('backtest-strategies');
    await expectNoAxeViolations();
  });

  it('shows a customer user no ranking', async () => {
    const { server: fake, urls } = server();
    open(fake);
    await screen.findByTestId('backtest-strategies');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(urls.some((url) => url.startsWith(RANKING_PATH))).toBe(false);
  });
});

describe('strategy ranking', () => {
  function rankingServer(total = 60) {
    const { server: fake, urls } = server();
    fake.on('GET', RANKING_PATH, () => ({
      status: 200,
      body: aRanking({
        total,
        rows: [aRankingRow(), aRankingRow({ customerId: 99, customerName: 'Elders BV' })],
      }),
    }));
    return { fake, urls };
  }

  it("ranks a consultant's customers, sorted and paged by the server", async () => {
    const { fake, urls } = rankingServer();
    const { app, user } = open(fake, '/strategy?view=ranking', 'nl', { role: 'consultant' });
    const row = await screen.findByTestId('backtest-ranking-11');
    expect(urls).toContain(
      `${RANKING_PATH}?reference=EQUAL_TRANCHES&page=1&pageSize=25&sort=againstReference&direction=desc`,
    );
    expect(spaced(row.textContent)).toBe(
      'Bakkerij Jansen26.000 MWh€ 31,50/MWh€ 0,75/MWh€ -0,25/MWh',
    );
    expect(screen.getByRole('tab', { name: 'Ranglijst van klanten' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const sorted = screen.getByTestId('backtest-ranking-sort-againstReference').closest('th');
    expect(sorted).toHaveAttribute('aria-sort', 'descending');
    // A customer the user may not open is named, not linked.
    expect(screen.getByTestId('backtest-ranking-99')).toHaveTextContent('Elders BV');
    expect(screen.queryByTestId('backtest-ranking-open-99')).toBeNull();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(app.location()).toBe('/strategy?view=ranking&rankPage=3'));
    await waitFor(() =>
      expect(urls).toContain(
        `${RANKING_PATH}?reference=EQUAL_TRANCHES&page=3&pageSize=25&sort=againstReference&direction=desc`,
      ),
    );

    await user.click(screen.getByTestId('backtest-ranking-sort-customerName'));
    await waitFor(() =>
      expect(app.location()).toBe('/strategy?view=ranking&rankSort=customerName&rankDir=asc'),
    );
    await waitFor(() =>
      expect(urls).toContain(
        `${RANKING_PATH}?reference=EQUAL_TRANCHES&page=1&pageSize=25&sort=customerName&direction=asc`,
      ),
    );

    await choose(user, 'Vergelijken met', 'Alles op de laatste dag');
    await waitFor(() =>
      expect(urls).toContain(
        `${RANKING_PATH}?reference=LAST_DAY&page=1&pageSize=25&sort=customerName&direction=asc`,
      ),
    );
  });

  it('tells a consultant without customers who links them, and asks nothing per customer', async () => {
    const { fake, urls } = rankingServer();
    open(fake, '/strategy', 'nl', { role: 'consultant', allowedCustomers: [] });
    expect(await screen.findByTestId('no-customer')).toHaveTextContent(/gekoppeld/);
    expect(
      urls.some((url) => url.startsWith('/rest/backtest/') && !url.startsWith(RANKING_PATH)),
    ).toBe(false);
    expect(screen.getByRole('tab', { name: 'Ranglijst van klanten' })).toBeTruthy();
  });

  it("opens a ranked customer's strategy view", async () => {
    const { fake, urls } = rankingServer();
    fake.on('GET', RANKING_PATH, () => ({ status: 200, body: aRanking() }));
    fake.on('GET', '/rest/contractSummary/12', () => ({
      status: 200,
      body: [aSummary({ contractId: 'KL-120001' })],
    }));
    fake.on('GET', '/rest/backtest/12', () => ({
      status: 200,
      body: aBacktest({ customerId: 12, contractId: 'KL-120001' }),
    }));
    const { app, user } = open(fake, '/strategy?view=ranking', 'nl', {
      role: 'accountmanager',
    });
    await screen.findByTestId('backtest-ranking-12');
    await user.click(screen.getByTestId('backtest-ranking-open-12'));
    await waitFor(() => expect(app.location()).toBe('/strategy?reference=EQUAL_TRANCHES'));
    await screen.findByTestId('backtest-strategies');
    expect(urls.some((url) => url.startsWith('/rest/backtest/12?contractId=KL-120001'))).toBe(true);
  });
});
