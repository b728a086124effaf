import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContractData, Locale } from '@klik/api';
import { EnvProvider } from '../../../shared/env/env-context';
import { I18nProvider } from '../../../shared/i18n/i18n-provider';
import { persistLocale } from '../../../shared/i18n/locale-store';
import { cssVariablesResolver, theme } from '../../../shared/ui/theme';
import { expectNoAxeViolations } from '../../../test/axe';
import { anEnvironment } from '../../../test/builders';
import { onAPhone } from '../../../test/on-a-phone';
import { aContract, aPart, powerParts } from '../../../test/position-builders';
import { PositionGrid } from './position-grid';

// Every price of the builders is quoted at 09:00; the clock stands still at 09:05.
const NOW = new Date('2026-11-20T09:05:00.000Z');

const gas = aContract({
  contractId: 'KL-270001',
  status: (maturity) =>
    maturity === 'Q2' ? { clickable: false, disableClickReason: 'DC_21' } : {},
});

function renderGrid(
  contract: ContractData,
  { readOnly = false, locale = 'nl' as Locale, year = 2027 } = {},
) {
  persistLocale(locale);
  return render(
    <EnvProvider env={anEnvironment()}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <I18nProvider locale={locale} translations={{}}>
          <MemoryRouter>
            <main>
              <PositionGrid contract={contract} year={year} readOnly={readOnly} />
            </main>
          </MemoryRouter>
        </I18nProvider>
      </MantineProvider>
    </EnvProvider>,
  );
}

function text(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
}

describe('position grid', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
    vi.useRealTimers();
  });

  function atFixedClock(now = NOW) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  }

  it('shows a row per maturity with the parts side by side, OTC prices first', async () => {
    atFixedClock();
    renderGrid(aContract({ commodity: 'Power', status: () => ({ contractParts: powerParts() }) }));
    const grid = screen.getByTestId('grid-KL-270001-2027');
    expect(grid).toHaveAccessibleName('Posities van contract KL-270001 voor leveringsjaar 2027');
    expect(within(grid).getAllByRole('columnheader').map(text)).toEqual([
      'Looptijd',
      'Geklikt',
      'Peak Open volume',
      'Peak Klikprijs',
      'Off-peak Open volume',
      'Off-peak Klikprijs',
      'Klikken',
    ]);
    const rowHeaders = within(grid).getAllByRole('rowheader').map(text);
    expect(rowHeaders).toHaveLength(17);
    expect(rowHeaders.slice(0, 2)).toEqual(['Y · Heel jaar', 'Q1 · jan–mrt']);
    expect(rowHeaders[5]).toBe('M1 · januari');
    expect(
      within(screen.getByTestId('position-KL-270001-2027-Y')).getAllByRole('cell').map(text),
    ).toEqual([
      '25%',
      '600 MWh',
      '€ 86,77/MWhmarkt € 85,26/MWh',
      '1.800 MWh',
      '€ 71,61/MWhmarkt € 70,10/MWh',
      'Klik',
    ]);
    expect(text(screen.getByTestId('otc-click-price-KL-270001-2027-Y-Peak'))).toBe('€ 86,77/MWh');
    expect(text(screen.getByTestId('otc-price-KL-270001-2027-Y-Peak'))).toBe('markt € 85,26/MWh');
    await expectNoAxeViolations();
  });

  it('switches to the ICE Endex prices with the keyboard and remembers it for every contract', async () => {
    atFixedClock();
    const user = userEvent.setup();
    const { unmount } = renderGrid(gas);
    const ice = screen.getByRole('radio', { name: 'ICE Endex' });
    expect(
      screen.getByRole('radiogroup', { name: 'Prijzen van markt, contract KL-270001 2027' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'OTC' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'OTC' }));
    await user.keyboard('{ArrowRight}');
    expect(ice).toBeChecked();
    expect(text(screen.getByTestId('ice-click-price-KL-270001-2027-Y-Gas'))).toBe('€ 85,61/MWh');
    expect(text(screen.getByTestId('ice-price-KL-270001-2027-Y-Gas'))).toBe('markt € 84,10/MWh');
    expect(screen.queryByTestId('otc-click-price-KL-270001-2027-Y-Gas')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('gridMarket')).toBe('"ICE"');
    unmount();

    renderGrid(aContract({ contractId: 'KL-270009' }));
    expect(screen.getByRole('radio', { name: 'ICE Endex' })).toBeChecked();
    expect(screen.getByTestId('ice-click-price-KL-270009-2027-Y-Gas')).toBeInTheDocument();
  });

  it('shows an OTC-only contract on OTC without a switch, whatever was chosen', () => {
    atFixedClock();
    window.localStorage.setItem('gridMarket', '"ICE"');
    renderGrid(aContract({ clickOption: 'OTC_ONLY' }));
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.getByTestId('market-otc-only-KL-270001-2027')).toHaveTextContent(
      'Prijzen van OTC (dit contract klikt alleen op OTC)',
    );
    expect(screen.getByTestId('otc-click-price-KL-270001-2027-Y-Gas')).toBeInTheDocument();
  });

  it('sets clickable maturities apart and links them to their start-purchase screen', () => {
    atFixedClock();
    renderGrid(gas);
    const link = screen.getByTestId('click-KL-270001-2027-M3');
    expect(link).toHaveAttribute('href', '/startpurchase/KL-270001/2027/M3');
    expect(link).toHaveAccessibleName('Klik M3 2027 van contract KL-270001');
    expect(screen.getByTestId('position-KL-270001-2027-M3')).toHaveAttribute(
      'data-clickable',
      'true',
    );
    expect(screen.getByTestId('otc-click-price-KL-270001-2027-M3-Gas')).toHaveStyle({
      fontWeight: '700',
    });
    expect(screen.getByTestId('otc-click-price-KL-270001-2027-Q2-Gas')).not.toHaveStyle({
      fontWeight: '700',
    });
  });

  it('mutes a maturity that cannot be clicked, with its reason and what to do on keyboard focus', async () => {
    atFixedClock();
    const user = userEvent.setup();
    renderGrid(gas);
    const row = screen.getByTestId('position-KL-270001-2027-Q2');
    expect(row).toHaveAttribute('data-clickable', 'false');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    const reason = screen.getByTestId('reason-KL-270001-2027-Q2');
    expect(reason).toHaveAttribute('data-reason', 'DC_21');
    expect(reason).toHaveTextContent(/^Klikdeadline voor deze periode is verstreken$/);
    const info = within(row).getByRole('button', { name: 'Wat kunt u doen bij Q2 2027?' });
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();
    await user.click(screen.getByTestId('click-KL-270001-2027-Q1'));
    info.blur();
    while (document.activeElement !== info) await user.tab();
    // jsdom lays nothing out, so floating-ui's hide middleware may find the button clipped and
    // set the open tooltip to display: none, sooner or later depending on the machine's load:
    // the tooltip is looked for whether or not it counts as visible (a browser shows it).
    const tooltip = await screen.findByRole('tooltip', { hidden: true }, { timeout: 10_000 });
    expect(tooltip).toHaveTextContent(
      'Deze periode kan niet meer worden geklikt; kies een latere periode.',
    );
    expect(info).toHaveAccessibleDescription(
      'Deze periode kan niet meer worden geklikt; kies een latere periode.',
    );
  });

  it('offers a read-only user nothing to click and says why (DC_34)', () => {
    atFixedClock();
    renderGrid(gas, { readOnly: true });
    expect(screen.queryAllByTestId(/^click-/)).toEqual([]);
    const reason = screen.getByTestId('reason-KL-270001-2027-Y');
    expect(reason).toHaveAttribute('data-reason', 'DC_34');
    expect(reason).toHaveTextContent('Gebruiker is niet bevoegd om te klikken');
    expect(screen.getByTestId('position-KL-270001-2027-Y')).toHaveTextContent('900 MWh');
  });

  it('shows the age of a price quoted longer ago than the threshold, and nothing for a fresh one', () => {
    atFixedClock(new Date('2026-11-20T09:20:00.000Z'));
    renderGrid(
      aContract({
        commodity: 'Power',
        status: (maturity) =>
          maturity === 'Y'
            ? {
                contractParts: [
                  aPart({
                    name: 'Peak',
                    offerPart: {
                      marketPrice: '85.255',
                      clickPrice: '86.7675',
                      quotedAt: '2026-11-20T09:15:00.000Z',
                    },
                  }),
                  aPart({ name: 'OffPeak' }),
                ],
              }
            : {},
      }),
      { locale: 'en' },
    );
    expect(screen.queryByTestId('otc-age-KL-270001-2027-Y-Peak')).not.toBeInTheDocument();
    expect(screen.getByTestId('otc-age-KL-270001-2027-Y-OffPeak')).toHaveTextContent('20 min old');
    expect(text(screen.getByTestId('otc-price-KL-270001-2027-Y-Peak'))).toBe('market €85.26/MWh');
  });

  it('becomes a card per maturity on a phone, with the reason and what to do written out', async () => {
    atFixedClock();
    restore = onAPhone();
    renderGrid(
      aContract({
        commodity: 'Power',
        status: (maturity) =>
          maturity === 'Q2'
            ? { clickable: false, disableClickReason: 'DC_21', contractParts: powerParts() }
            : { contractParts: powerParts() },
      }),
    );
    const grid = screen.getByTestId('grid-KL-270001-2027');
    expect(within(grid).queryByRole('table')).not.toBeInTheDocument();
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(17);
    const year = screen.getByTestId('position-KL-270001-2027-Y');
    expect(within(year).getByRole('heading', { level: 3 })).toHaveTextContent('Y · Heel jaar');
    expect(year).toHaveTextContent('25% geklikt');
    const peak = screen.getByTestId('position-part-KL-270001-2027-Y-Peak');
    expect(text(peak)).toBe('PeakOpen volume: 600 MWh€ 86,77/MWhmarkt € 85,26/MWh');
    expect(screen.getByTestId('click-KL-270001-2027-Y')).toHaveAttribute(
      'href',
      '/startpurchase/KL-270001/2027/Y',
    );
    expect(screen.getByTestId('reason-KL-270001-2027-Q2')).toHaveTextContent(
      'Klikdeadline voor deze periode is verstreken',
    );
    expect(screen.getByTestId('what-to-do-KL-270001-2027-Q2')).toHaveTextContent(
      'Deze periode kan niet meer worden geklikt; kies een latere periode.',
    );
    await expectNoAxeViolations();
  });
});
