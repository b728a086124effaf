import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarkToMarketPart } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { learnServerTime, resetServerClock } from '../../../shared/time/server-clock';
import { screen, spaced, openAs } from '../../../test/render-app';
import { aCustomerRisk, aRiskYear } from '../../../test/risk-builders';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetServerClock();
});

const RISK_PATH = '/rest/risk/11';

function server(
  answer: () => { status: number; body?: unknown } | Promise<never>,
  locale: 'nl' | 'en' = 'nl',
): FakeServer {
  const fake = createFakeServer({ env: { locale } });
  fake.on('GET', RISK_PATH, answer);
  return fake;
}

function open(fake: FakeServer, locale: 'nl' | 'en' = 'nl') {
  return openAs(fake, '/risk', { locale });
}

describe('risk screen', () => {
  it("shows each year's figures, its range chart with the band, stress and mark-to-market", async () => {
    open(server(() => ({ status: 200, body: aCustomerRisk() })));
    const row = await screen.findByTestId('risk-years-Gas-2027');
    expect(spaced(row.textContent)).toContain('€ 120.000,00');
    expect(spaced(row.textContent)).toContain('€ 151.250,75');
    expect(spaced(row.textContent)).toContain('€ 31.250,75');
    expect(row).toHaveTextContent('12,4%');
    expect(row).toHaveTextContent('398 dagen');

    const chart = screen.getByTestId('risk-chart-Gas-2027');
    expect(chart).toHaveAccessibleName('Verdeling van de kosten van Gas 2027');
    // The text alternative: every quantile's cost, the expected cost and the band in the caption.
    const table = within(chart).getByRole('table');
    expect(spaced(table.textContent)).toContain(
      'bovengrens van het budget € 45,00/MWh, dat is € 135.000,00 over het jaar',
    );
    expect(within(table).getAllByRole('row')).toHaveLength(8);

    const crisis = screen.getByTestId('risk-stress-Gas-2027-CRISIS_2021_22');
    expect(spaced(crisis.textContent)).toContain('Energiecrisis 2021-22');
    expect(spaced(crisis.textContent)).toContain('€ 310.000,00');
    expect(spaced(crisis.textContent)).toContain('€ 103,33/MWh');

    const part = screen.getByTestId('risk-mtm-Gas-2027-KL-270001-Gas');
    expect(spaced(part.textContent)).toContain('€ 30.000,00');
    expect(spaced(part.textContent)).toContain('€ 20,00/MWh');
    expect(spaced(part.textContent)).toContain('€ 75.000,00');

    expect(spaced(screen.getByTestId('risk-book-book').textContent)).toContain('geen budget');
    await expectNoAxeViolations();
  });

  it('shows the figures in English', async () => {
    open(
      server(() => ({ status: 200, body: aCustomerRisk() }), 'en'),
      'en',
    );
    const crisis = await screen.findByTestId('risk-stress-Gas-2027-CRISIS_2021_22');
    expect(crisis).toHaveTextContent('Energy crisis 2021-22');
    expect(screen.getByTestId('risk-years-Gas-2027')).toHaveTextContent('€151,250.75');
  });

  it('opens the method in plain words with the values of the answer, by keyboard', async () => {
    const { user } = open(server(() => ({ status: 200, body: aCustomerRisk() })));
    const button = await screen.findByTestId('risk-method-open');
    button.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Hoe deze cijfers worden berekend' });
    expect(spaced(drawer.textContent)).toContain(
      '10.000 mogelijke prijspaden door, met startgetal 29',
    );
    expect(drawer).toHaveTextContent('laatste 250 handelsdagen');
    const volatilities = within(drawer).getByTestId('risk-method-volatilities');
    expect(volatilities).toHaveTextContent('TTF55,3%249geschat uit de geschiedenis');
    expect(volatilities).toHaveTextContent('NL Peak60%12standaardwaarde');
    expect(within(drawer).getByTestId('risk-method-correlations')).toHaveTextContent(
      'TTF · NL Peak0,75',
    );
    await expectNoAxeViolations();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("opens the server's current year first, whatever the browser's clock says", async () => {
    const years = [2026, 2027, 2028].map((yearOfSupply) =>
      aRiskYear({
        yearOfSupply,
        markToMarket: [{ ...aRiskYear().markToMarket[0]!, yearOfSupply }],
      }),
    );
    const at = Date.now();
    learnServerTime('2028-03-01T09:00:00.000Z', at, at);
    open(server(() => ({ status: 200, body: aCustomerRisk({ years }) })));
    expect(await screen.findByTestId('risk-year-Gas-2028')).toBeTruthy();
    expect(screen.queryByTestId('risk-year-Gas-2026')).toBeNull();
  });

  it('downloads the figures as CSV with the locale', async () => {
    const { user } = open(server(() => ({ status: 200, body: aCustomerRisk() })));
    await screen.findByTestId('risk-years');
    const downloads: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      downloads.push(input);
      return new Response('year\r\n', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="klik-risk.csv"' },
      });
    });
    URL.createObjectURL = () => 'blob:klik-export';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByTestId('risk-export-xlsx'));
    await waitFor(() => expect(downloads).toEqual(['/rest/risk/11/export?format=xlsx&locale=nl']));
  });

  it('says why a year has no distribution and pages a long mark-to-market table', async () => {
    const parts: MarkToMarketPart[] = Array.from({ length: 12 }, (_, index) => ({
      ...aRiskYear().markToMarket[0]!,
      contractId: `KL-${270001 + index}`,
    }));
    const year = aRiskYear({ distribution: null, markToMarket: parts });
    const { user } = open(
      server(() => ({ status: 200, body: aCustomerRisk({ years: [year], book: null }) })),
    );
    expect(await screen.findByTestId('risk-no-distribution-Gas-2027')).toHaveTextContent(
      'geen prijs',
    );
    expect(screen.getByTestId('risk-years-Gas-2027')).toHaveTextContent('Geen verdeling');
    const table = screen.getByTestId('risk-mtm-Gas-2027');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('risk-mtm-Gas-2027-KL-270012-Gas')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('says what is not there yet, and retries after a failure', async () => {
    let calls = 0;
    const { user } = open(
      server(() => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
          : { status: 200, body: aCustomerRisk({ years: [], book: null }) };
      }),
    );
    const failed = await screen.findByTestId('risk-error');
    expect(failed).toHaveTextContent('De risicocijfers konden niet worden geladen.');
    await user.click(within(failed).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('risk-empty')).toHaveTextContent('nog geen contractjaren');
    await expectNoAxeViolations();
  });

  it('shows the loading state while the figures are computed', async () => {
    open(server(() => new Promise(() => {})));
    expect(await screen.findByText('Risicocijfers laden…')).toBeTruthy();
  });

  it('asks for the figures again when a click changes what is open', async () => {
    const fake = server(() => ({ status: 200, body: aCustomerRisk() }));
    const { app } = open(fake);
    await screen.findByTestId('risk-years');
    const before = fake.callsTo('GET', RISK_PATH).length;
    const socket = await app.sockets.connecting();
    act(() => socket.open());
    act(() => socket.emit('clickUpdate', { contractId: 'KL-270001' }));
    await waitFor(() => expect(fake.callsTo('GET', RISK_PATH).length).toBeGreaterThan(before));
  });
});
