import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import type { ContractData, Locale } from '@klik/api';
import { EnvProvider } from '../../../shared/env/env-context';
import { I18nProvider } from '../../../shared/i18n/i18n-provider';
import { persistLocale } from '../../../shared/i18n/locale-store';
import { cssVariablesResolver, theme } from '../../../shared/ui/theme';
import { expectNoAxeViolations } from '../../../test/axe';
import { anEnvironment } from '../../../test/builders';
import { aContract, aPart, powerParts } from '../../../test/position-builders';
import { ContractCharts } from './contract-charts';

// The chart library renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

function renderCharts(contract: ContractData, year: number, locale: Locale = 'nl') {
  persistLocale(locale);
  return render(
    <EnvProvider env={anEnvironment()}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <I18nProvider locale={locale} translations={{}}>
          <main>
            <ContractCharts contract={contract} year={year} />
          </main>
        </I18nProvider>
      </MantineProvider>
    </EnvProvider>,
  );
}

const rowsOf = (figure: HTMLElement) =>
  within(figure)
    .getAllByRole('row', { hidden: true })
    .map((row) => (row.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));

// 2028 has more open and a different fixed price in January, so the two years differ.
const gas = aContract({
  status: (maturity, year) => ({
    contractParts: [
      aPart(
        year === 2028 && maturity === 'M1'
          ? { clickedVolume: '50', volumeNotClicked: '150', weightedAvgClickPrice: '77.125' }
          : { clickedVolume: '25', volumeNotClicked: '75' },
      ),
    ],
  }),
});

describe('the charts of a contract for the chosen year', () => {
  it('shows fixed and open volume of each month of that year, with the year total', async () => {
    renderCharts(gas, 2028);
    const figure = screen.getByRole('figure', {
      name: 'Vastgezet en open volume per maand in 2028',
    });
    const rows = rowsOf(figure);
    expect(rows).toHaveLength(14);
    expect(rows[0]).toBe('MaandVastgezetOpenTotaal');
    expect(rows[1]).toBe('januari50 MWh150 MWh200 MWh');
    expect(rows[12]).toBe('december25 MWh75 MWh100 MWh');
    expect(rows[13]).toBe('Heel 2028325 MWh975 MWh1.300 MWh');
    await expectNoAxeViolations();
  });

  it('shows the market prices of that year per maturity with the fixed price of each part', async () => {
    renderCharts(gas, 2028);
    const curve = screen.getByRole('figure', {
      name: 'Forward curve 2028: marktprijs en uw vaste prijs per looptijd',
    });
    const rows = rowsOf(curve);
    expect(rows[0]).toBe('LooptijdGas OTCGas ICE EndexGas: uw vaste prijs');
    expect(rows).toHaveLength(13);
    expect(rows[1]).toBe('M1€ 85,26/MWh€ 84,10/MWh€ 77,13/MWh');
    expect(rows[2]).toBe('M2€ 85,26/MWh€ 84,10/MWh€ 80,50/MWh');
  });

  it('says a maturity has nothing fixed, and a part without any fix has no column', () => {
    const power = aContract({
      commodity: 'Power',
      yearsOfSupply: [2027],
      status: (maturity) => ({
        contractParts: powerParts().map((part) =>
          part.name === 'OffPeak' || maturity === 'M2'
            ? { ...part, clickedVolume: '0', weightedAvgClickPrice: null }
            : part,
        ),
      }),
    });
    renderCharts(power, 2027);
    const curve = screen.getByTestId('curve-chart-KL-270001');
    const rows = rowsOf(curve);
    expect(rows[0]).toBe('LooptijdPeak OTCPeak ICE EndexOff-peak OTCPeak: uw vaste prijs');
    expect(rows[2]).toBe('M2€ 85,26/MWh€ 84,10/MWh€ 70,10/MWhniets vastgezet');
  });

  it('speaks English on request', () => {
    renderCharts(gas, 2027, 'en');
    const month = screen.getByRole('figure', { name: 'Fixed and open volume per month in 2027' });
    expect(rowsOf(month)[1]).toBe('January25 MWh75 MWh100 MWh');
    expect(
      screen.getByRole('figure', {
        name: 'Forward curve 2027: market price and your fixed price per maturity',
      }),
    ).toBeInTheDocument();
  });

  it('says when the year has no prices yet', async () => {
    const unpriced = aPart({
      offerPart: null,
      iceOfferPart: null,
      clickedVolume: '0',
      weightedAvgClickPrice: null,
    });
    renderCharts(aContract({ status: () => ({ contractParts: [unpriced] }) }), 2027);
    expect(screen.getByTestId('curve-chart-KL-270001')).toHaveTextContent(
      'Er zijn nog geen prijzen voor 2027.',
    );
    await expectNoAxeViolations();
  });
});
