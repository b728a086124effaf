import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Locale, Results } from '@klik/api';
import { persistLocale } from '../../../shared/i18n/locale-store';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { aResultPart } from '../../../test/click-builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

// Whole-portal renders with charts are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const results: Results['data'] = [
  {
    contractId: 'KL-270001',
    commodity: 'Power',
    product: 'Stroom NL',
    yearOfSupply: 2027,
    fixedPercentage: '10',
    parts: [
      aResultPart({ name: 'Peak' }),
      {
        name: 'OffPeak',
        totalVolume: '1000',
        fixedVolume: '0',
        fixedPercentage: '0',
        weightedAvgClickPrice: null,
        fixes: [],
        market: [{ at: '2026-09-30T09:00:00.000Z', price: '60' }],
      },
    ],
  },
];

function openResults(locale: Locale = 'nl', data: Results['data'] = results) {
  persistLocale(locale);
  const server = createFakeServer({});
  server.on('GET', '/rest/results/11', () => ({ status: 200, body: { data } }));
  startSession(aUserSession());
  return renderApp(server, '/resultaten');
}

const spaced = (text: string | null) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

describe('the results chart', () => {
  it('tells a screen reader the market line in words and each fix in a table, axe-clean', async () => {
    openResults();
    const peak = await screen.findByTestId(
      'results-KL-270001-2027-Peak-chart',
      {},
      { timeout: 15_000 },
    );
    expect(spaced(screen.getByTestId('results-KL-270001-2027-Peak-market').textContent)).toBe(
      'Marktprijs van 30-09-2026, 11:00 tot 02-10-2026, 11:00: laagste € 79,50/MWh, hoogste € 81,25/MWh, laatste € 81,25/MWh.',
    );
    expect(within(peak).getAllByRole('row', { hidden: true })).toHaveLength(2);
    // A part without fixes has the market in words and no empty table.
    const offPeak = screen.getByTestId('results-KL-270001-2027-OffPeak-chart');
    expect(within(offPeak).queryByRole('table', { hidden: true })).toBeNull();
    expect(screen.getByTestId('results-KL-270001-2027-OffPeak-market')).toHaveTextContent(
      'laagste € 60,00/MWh',
    );
    await expectNoAxeViolations();
  });

  it('says so when no market prices were kept over the period, and draws the fixes alone', async () => {
    const entry = results[0];
    if (!entry) throw new Error('the results have an entry');
    openResults('nl', [{ ...entry, parts: [aResultPart({ name: 'Peak', market: [] })] }]);
    expect(
      await screen.findByTestId('results-KL-270001-2027-Peak-no-market', {}, { timeout: 15_000 }),
    ).toHaveTextContent('Over deze periode zijn geen marktprijzen bewaard');
    expect(screen.queryByTestId('results-KL-270001-2027-Peak-market')).toBeNull();
    const chart = screen.getByTestId('results-KL-270001-2027-Peak-chart');
    expect(within(chart).getAllByRole('row', { hidden: true })).toHaveLength(2);
  });

  it('speaks English on request', async () => {
    openResults('en');
    expect(
      await screen.findByTestId('results-KL-270001-2027-Peak-market', {}, { timeout: 15_000 }),
    ).toHaveTextContent(/^Market price from .* lowest .* highest .* last/);
  });
});
