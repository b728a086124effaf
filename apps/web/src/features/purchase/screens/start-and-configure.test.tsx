import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuoteBody, UserSession } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { aContract } from '../../../test/position-builders';
import { renderApp, screen } from '../../../test/render-app';
import { purchaseDraftValue, type PurchaseDraft } from '../purchase-draft';
import { aQuote, aQuotePart } from '../test-builders';
import { aClickEffect } from '../../../test/risk-builders';
import { expectNoAxeViolations } from '../../../test/axe';

// Friday 2026-11-20 11:00 in Amsterdam: OTC and ICE Endex are open.
const TRADING_MORNING = new Date('2026-11-20T10:00:00.000Z');

const contract = aContract({
  contractId: 'KL-270001',
  product: 'Gas TTF',
  status: (maturity) => {
    if (maturity === 'Q2') return { clickable: false, disableClickReason: 'DC_21' };
    if (maturity === 'M5') return { clickable: false, disableClickReason: 'DC_31' };
    return {};
  },
});

function serverWithContract(): FakeServer {
  const server = createFakeServer({});
  server.on('GET', '/rest/contractData/11', () => ({ status: 200, body: [contract] }));
  return server;
}

async function openAt(server: FakeServer, path: string, session: Partial<UserSession> = {}) {
  startSession(aUserSession(session));
  const app = renderApp(server, path);
  return { app, user: userEvent.setup() };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TRADING_MORNING);
});
afterEach(() => {
  vi.useRealTimers();
});

// Whole-portal renders with Mantine forms are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('start purchase', () => {
  it('offers only clickable maturities, shows the others with their reason, and is prefilled from the path', async () => {
    const server = serverWithContract();
    const { app, user } = await openAt(server, '/startpurchase/KL-270001/2027/Q1');
    const maturities = await screen.findByTestId('start-maturities');
    const q1 = within(maturities).getByRole('radio', { name: /^Q1 · Kwartaal 1/ });
    expect(q1).toBeChecked();
    expect(q1).toBeEnabled();
    const q2 = within(maturities).getByRole('radio', { name: /^Q2 · Kwartaal 2/ });
    expect(q2).toBeDisabled();
    expect(
      within(maturities).getByText('Klikdeadline voor deze periode is verstreken'),
    ).toBeVisible();
    expect(within(maturities).getByRole('radio', { name: /^M5 · mei/ })).toBeDisabled();
    expect(
      within(maturities).getByText('Transactie voor deze periode is nog in behandeling'),
    ).toBeVisible();
    const enabled = within(maturities)
      .getAllByRole('radio')
      .filter((radio) => !(radio as HTMLInputElement).disabled);
    expect(enabled).toHaveLength(15);

    // Both markets of a PRE_EOD contract are open at 11:00; OTC is chosen first.
    const markets = screen.getByTestId('start-markets');
    expect(within(markets).getByRole('radio', { name: /^OTC/ })).toBeChecked();
    await user.click(within(markets).getByRole('radio', { name: /^ICE Endex/ }));
    await user.click(screen.getByTestId('start-next'));
    await waitFor(() => expect(app.location()).toBe('/configurepurchase'));
    expect(purchaseDraftValue.get()).toMatchObject({
      customerId: 11,
      contractId: 'KL-270001',
      yearOfSupply: 2027,
      maturity: 'Q1',
      market: 'ICE',
      quote: null,
      clickId: null,
    });
  });

  it('lets the user choose contract, year and maturity when the path names none', async () => {
    const server = serverWithContract();
    const { user } = await openAt(server, '/startpurchase');
    const select = await screen.findByTestId('start-contract');
    await user.selectOptions(select, 'KL-270001');
    await user.selectOptions(screen.getByTestId('start-year'), '2028');
    await user.click(screen.getByTestId('start-next'));
    expect(await screen.findByText('Kies een looptijd.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /^Y · / }));
    await user.click(screen.getByTestId('start-next'));
    await waitFor(() => expect(purchaseDraftValue.get()?.yearOfSupply).toBe(2028));
    expect(purchaseDraftValue.get()?.maturity).toBe('Y');
  });

  it('shows a user who may not click every maturity with the reason, not an empty choice', async () => {
    const server = createFakeServer({});
    const held = aContract({
      contractId: 'KL-270001',
      status: () => ({ clickable: false, disableClickReason: 'DC_34' }),
    });
    server.on('GET', '/rest/contractData/11', () => ({ status: 200, body: [held] }));
    await openAt(server, '/startpurchase/KL-270001/2027/Q1');
    const maturities = await screen.findByTestId('start-maturities');
    const radios = within(maturities).getAllByRole('radio');
    expect(radios.length).toBeGreaterThan(0);
    for (const radio of radios) expect(radio).toBeDisabled();
    expect(screen.queryByTestId('start-no-year')).not.toBeInTheDocument();
  });

  it('offers only the years of supply with a clickable maturity', async () => {
    const server = createFakeServer({});
    const passed = aContract({
      contractId: 'KL-270001',
      yearsOfSupply: [2026, 2027, 2028],
      // 2026: every deadline has passed; 2028: nothing priced yet.
      status: (_maturity, year) =>
        year === 2026
          ? { clickable: false, disableClickReason: 'DC_21' }
          : year === 2028
            ? { clickable: false, disableClickReason: 'DC_23' }
            : {},
    });
    const none = aContract({
      contractId: 'KL-270002',
      product: 'Gas TTF 2',
      status: () => ({ clickable: false, disableClickReason: 'DC_21' }),
    });
    server.on('GET', '/rest/contractData/11', () => ({ status: 200, body: [passed, none] }));
    const { user } = await openAt(server, '/startpurchase/KL-270001/2026/Q1');
    const year = await screen.findByTestId('start-year');
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2027']);
    // The path's year is not offered: the first offered one is shown, with nothing chosen in it.
    expect(year).toHaveValue('2027');
    const maturities = screen.getByTestId('start-maturities');
    for (const radio of within(maturities).getAllByRole('radio')) expect(radio).not.toBeChecked();

    await user.selectOptions(screen.getByTestId('start-contract'), 'KL-270002');
    expect(await screen.findByTestId('start-no-year')).toHaveTextContent(
      'Van dit contract is nu geen leveringsjaar te klikken',
    );
    expect(screen.queryByTestId('start-year')).not.toBeInTheDocument();
    expect(screen.queryByTestId('start-maturities')).not.toBeInTheDocument();
  });

  it('never offers a read-only user a click', async () => {
    const server = serverWithContract();
    await openAt(server, '/startpurchase/KL-270001/2027/Q1', { readOnly: true });
    const maturities = await screen.findByTestId('start-maturities');
    for (const radio of within(maturities).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(maturities).getAllByText('Gebruiker is niet bevoegd om te klikken')).toHaveLength(
      17,
    );
    expect(screen.getByTestId('start-read-only')).toBeVisible();
    expect(screen.getByTestId('start-next')).toBeDisabled();
  });
});

function aDraft(overrides: Partial<PurchaseDraft> = {}): PurchaseDraft {
  return {
    customerId: 11,
    contractId: 'KL-270001',
    product: 'Gas TTF',
    yearOfSupply: 2027,
    maturity: 'Q1',
    market: 'OTC',
    runOut: false,
    mode: 'percentage',
    percentage: '',
    volumes: {},
    quote: null,
    idempotencyKey: null,
    quoteReceivedAt: null,
    referenceQuoteId: null,
    clickId: null,
    ...overrides,
  };
}

function serverWithReference(): FakeServer {
  const server = createFakeServer({});
  server.on('POST', '/rest/purchase/quote', () => ({
    status: 200,
    body: aQuote({
      quoteId: '0b7c1e1a-9f1e-4c53-9d76-2f5e8c1a7b01',
      parts: [
        aQuotePart({
          name: 'Gas',
          volume: '900',
          openVolume: '900',
          totalVolume: '1200',
          limits: { min: '60', max: '900' },
        }),
      ],
    }),
  }));
  return server;
}

describe('configure purchase', () => {
  it('asks the server for the prices and limits of the whole open volume', async () => {
    const server = serverWithReference();
    purchaseDraftValue.set(aDraft());
    await openAt(server, '/configurepurchase');
    await screen.findByTestId('share-percentage');
    const [call] = server.callsTo('POST', '/rest/purchase/quote');
    expect(JSON.parse(call?.body ?? '{}') as QuoteBody).toEqual({
      customerId: 11,
      contractId: 'KL-270001',
      yearOfSupply: 2027,
      maturity: 'Q1',
      market: 'OTC',
      percentage: '100',
    });
    expect(
      screen.getByText(/open 900 MWh; per klik minimaal 60 MWh en maximaal 900 MWh/),
    ).toBeVisible();
    await waitFor(() =>
      expect(purchaseDraftValue.get()?.referenceQuoteId).toBe(
        '0b7c1e1a-9f1e-4c53-9d76-2f5e8c1a7b01',
      ),
    );
  });

  it('says volume too low with the allowed range, and previews price and cost of a valid share', async () => {
    const server = serverWithReference();
    purchaseDraftValue.set(aDraft());
    const { user } = await openAt(server, '/configurepurchase');
    const percentage = await screen.findByTestId('share-percentage');
    await user.type(percentage, '5');
    // 5% of 900 MWh = 45 MWh, below the minimum of 60 MWh.
    expect(screen.getByTestId('share-problem-Gas')).toHaveTextContent(
      'Volume te laag voor Gas: toegestaan is 60 MWh tot en met 900 MWh.',
    );
    expect(screen.getByTestId('preview-total')).toHaveTextContent('–');
    await user.click(screen.getByTestId('configure-next'));
    expect(screen.getByTestId('screen-configurepurchase')).toBeVisible();

    await user.type(percentage, '0');
    // 50% of 900 = 450 MWh at 85.255 + 1.5 + 0.0125 = 86.7675 -> 39045.375 -> 39045.38
    expect(screen.queryByTestId('share-problem-Gas')).toBeNull();
    expect(screen.getByTestId('preview-Gas-volume')).toHaveTextContent('450 MWh');
    expect(screen.getByTestId('preview-Gas-price')).toHaveTextContent('€ 86,7675/MWh');
    expect(screen.getByTestId('preview-Gas-cost')).toHaveTextContent('€ 39.045,38');
    expect(screen.getByTestId('preview-total')).toHaveTextContent('€ 39.045,38');
  });

  it("shows the year's P95 and cost-at-risk now and after the previewed click", async () => {
    const server = serverWithReference();
    server.on('POST', '/rest/risk/11/clickEffect', () => ({ status: 200, body: aClickEffect() }));
    purchaseDraftValue.set(aDraft());
    const { user } = await openAt(server, '/configurepurchase');
    await user.type(await screen.findByTestId('share-percentage'), '50');
    const p95 = await screen.findByTestId('preview-risk-p95', {}, { timeout: 3000 });
    expect(p95.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Totale kosten bij P95€ 151.250,75€ 140.100,00',
    );
    expect(screen.getByTestId('preview-risk-costAtRisk').textContent).toContain('20.100,00');
    // Asked once the share rests, for the volume the preview shows.
    const calls = server.callsTo('POST', '/rest/risk/11/clickEffect');
    expect(JSON.parse(calls.at(-1)?.body ?? '{}')).toEqual({
      contractId: 'KL-270001',
      yearOfSupply: 2027,
      maturity: 'Q1',
      parts: [{ name: 'Gas', volume: '450' }],
    });
    expect(calls).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('takes a volume per part instead, and says too high with the range', async () => {
    const server = serverWithReference();
    purchaseDraftValue.set(aDraft());
    const { user } = await openAt(server, '/configurepurchase');
    await screen.findByTestId('share-percentage');
    await user.click(screen.getByRole('radio', { name: 'Volume per deel (MWh)' }));
    const volume = screen.getByTestId('share-volume-Gas');
    await user.type(volume, '900,5');
    expect(
      screen.getByText('Volume te hoog voor Gas: toegestaan is 60 MWh tot en met 900 MWh.'),
    ).toBeVisible();
    await user.clear(volume);
    await user.type(volume, '120');
    expect(screen.getByTestId('preview-Gas-volume')).toHaveTextContent('120 MWh');
    expect(purchaseDraftValue.get()).toMatchObject({ mode: 'volume', volumes: { Gas: '120' } });
  });

  it('keeps the draft in the purchase storage key, so a reload restores it', async () => {
    const server = serverWithReference();
    purchaseDraftValue.set(aDraft());
    const { app, user } = await openAt(server, '/configurepurchase');
    await user.type(await screen.findByTestId('share-percentage'), '25');
    const stored = JSON.parse(window.sessionStorage.getItem('purchase') ?? 'null') as PurchaseDraft;
    expect(stored).toMatchObject({ contractId: 'KL-270001', maturity: 'Q1', percentage: '25' });

    // A reload: session storage stays, the app starts again from what is stored. (Unmounting
    // here runs React's cleanups, which a real reload never does, so the storage is put back.)
    const kept = window.sessionStorage.getItem('purchase') ?? '';
    app.unmount();
    await Promise.resolve();
    window.sessionStorage.setItem('purchase', kept);
    renderApp(server, '/configurepurchase');
    expect(await screen.findByTestId('share-percentage')).toHaveValue('25');
    expect(screen.getByTestId('preview-Gas-volume')).toHaveTextContent('225 MWh');
  });

  it('sends a user without a draft to the start', async () => {
    const server = serverWithContract();
    const { app } = await openAt(server, '/configurepurchase');
    await screen.findByTestId('screen-startpurchase');
    expect(app.location()).toBe('/startpurchase');
  });

  it('shows why a position cannot be quoted', async () => {
    const server = createFakeServer({});
    server.on('POST', '/rest/purchase/quote', () => ({
      status: 409,
      body: { code: 'ANOTHER_CLICK_IN_PROGRESS', message: 'Another click is in progress.' },
    }));
    purchaseDraftValue.set(aDraft());
    await openAt(server, '/configurepurchase');
    expect(await screen.findByTestId('configure-error')).toHaveTextContent(
      'Er is al een klik in behandeling.',
    );
  });

  it('clears the draft and gives the quote up when the user leaves the flow', async () => {
    const server = serverWithReference();
    server.on('DELETE', '/rest/purchase/quote/0b7c1e1a-9f1e-4c53-9d76-2f5e8c1a7b01', () => ({
      status: 204,
    }));
    purchaseDraftValue.set(aDraft());
    const { user } = await openAt(server, '/configurepurchase');
    await screen.findByTestId('share-percentage');
    await waitFor(() => expect(purchaseDraftValue.get()?.referenceQuoteId).not.toBeNull());
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByTestId('screen-dashboard');
    await waitFor(() => expect(window.sessionStorage.getItem('purchase')).toBeNull());
    await waitFor(() =>
      expect(
        server.callsTo('DELETE', '/rest/purchase/quote/0b7c1e1a-9f1e-4c53-9d76-2f5e8c1a7b01'),
      ).toHaveLength(1),
    );
  });
});
