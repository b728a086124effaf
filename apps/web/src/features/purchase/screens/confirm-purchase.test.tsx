import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContractData, ExecuteBody, Quote } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession, anEnvironment } from '../../../test/builders';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { aContract } from '../../../test/position-builders';
import { renderApp, screen } from '../../../test/render-app';
import { purchaseDraftValue, type PurchaseDraft } from '../purchase-draft';
import { aClickDetail } from '../../../test/click-builders';
import { aQuote } from '../test-builders';
import { aClickEffect, aDistribution } from '../../../test/risk-builders';

const QUOTE_ID = '3f1d2c4b-5a6e-4f70-8a91-b2c3d4e5f601';
const SECOND_QUOTE_ID = '5a0c9e2d-1b3f-4d6a-8e7c-9f0a1b2c3d4e';

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
    percentage: '25',
    volumes: {},
    quote: null,
    idempotencyKey: null,
    quoteReceivedAt: null,
    referenceQuoteId: null,
    clickId: null,
    ...overrides,
  };
}

function serverQuoting(quotes: Quote[]): FakeServer {
  const server = createFakeServer({});
  let next = 0;
  server.on('POST', '/rest/purchase/quote', () => {
    const quote = quotes[Math.min(next, quotes.length - 1)] as Quote;
    next += 1;
    return { status: 200, body: quote };
  });
  server.on('GET', '/rest/purchase/click/501', () => ({ status: 200, body: aClickDetail() }));
  return server;
}

function executeBodies(server: FakeServer): ExecuteBody[] {
  return server
    .callsTo('POST', '/rest/purchase/execute')
    .map((call) => JSON.parse(call.body ?? '{}') as ExecuteBody);
}

async function openConfirm(server: FakeServer, draft: PurchaseDraft = aDraft()) {
  startSession(aUserSession());
  purchaseDraftValue.set(draft);
  const app = renderApp(server, '/confirmpurchase');
  await screen.findByTestId('quote-countdown');
  return { app, user: userEvent.setup() };
}

afterEach(() => {
  vi.useRealTimers();
});

// Whole-portal renders with Mantine forms are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('confirm purchase', () => {
  it('quotes the share of the draft and shows the summary, price source and countdown', async () => {
    const server = serverQuoting([aQuote()]);
    await openConfirm(server);
    const [call] = server.callsTo('POST', '/rest/purchase/quote');
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({ maturity: 'Q1', percentage: '25' });
    expect(screen.getByTestId('quote-Peak-volume')).toHaveTextContent('250 MWh');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('€ 21.691,88');
    expect(screen.getByTestId('price-source')).toHaveTextContent('de actuele OTC-prijs');
    expect(screen.getByTestId('quote-countdown-clock')).toHaveTextContent(/^[45]:\d\d$/);
    expect(purchaseDraftValue.get()?.quote?.quoteId).toBe(QUOTE_ID);
    expect(purchaseDraftValue.get()?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the year's P95 and cost-at-risk now and after this click", async () => {
    const server = serverQuoting([aQuote()]);
    server.on('POST', '/rest/risk/11/clickEffect', () => ({
      status: 200,
      body: aClickEffect({ after: aDistribution({ p95: '120000.00', costAtRisk: '0.00' }) }),
    }));
    await openConfirm(server);
    const costAtRisk = await screen.findByTestId('quote-risk-costAtRisk');
    expect(costAtRisk.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Kosten-at-risk (P95 - verwacht)€ 31.250,75€ 0,00',
    );
    const [call] = server.callsTo('POST', '/rest/risk/11/clickEffect');
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({ yearOfSupply: 2027, maturity: 'Q1' });
  });

  it('says quietly when the risk figures cannot be computed: the click goes ahead', async () => {
    await openConfirm(serverQuoting([aQuote()]));
    expect(await screen.findByTestId('quote-risk-unavailable')).toHaveTextContent(
      'u kunt gewoon verder',
    );
  });

  it('shows the disclaimer at the confirm step when displayDisclaimer is on', async () => {
    await openConfirm(serverQuoting([aQuote()]));
    expect(screen.getByTestId('confirm-disclaimer')).toHaveTextContent(
      /Alleen een bevestigde klik/,
    );
  });

  it('shows no disclaimer at the confirm step when displayDisclaimer is off', async () => {
    const off = serverQuoting([aQuote()]);
    off.on('GET', '/env.json', () => ({
      status: 200,
      body: anEnvironment({ displayDisclaimer: false }),
    }));
    await openConfirm(off);
    expect(screen.queryByTestId('confirm-disclaimer')).not.toBeInTheDocument();
  });

  it('needs the terms ticked when their current version is not accepted, and sends that version', async () => {
    const server = serverQuoting([
      aQuote({ requires: { termsVersion: 2, sms: false, approval: false } }),
    ]);
    server.on('GET', '/rest/purchase/terms/11', () => ({
      status: 200,
      body: {
        version: 2,
        body: 'Artikel 1. Een klik is bindend.',
        publishedAt: '2026-11-01T00:00:00.000Z',
        accepted: false,
      },
    }));
    server.on('POST', '/rest/purchase/execute', () => ({
      status: 200,
      body: { click: aClickDetail() },
    }));
    const { user } = await openConfirm(server);
    expect(await screen.findByText('Artikel 1. Een klik is bindend.')).toBeVisible();
    const confirm = screen.getByTestId('confirm-purchase');
    expect(confirm).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Ik heb de voorwaarden (versie 2) gelezen en ga ermee akkoord',
      }),
    );
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await screen.findByTestId('purchase-result');
    expect(executeBodies(server)[0]).toMatchObject({ quoteId: QUOTE_ID, acceptedTermsVersion: 2 });
  });

  it('verifies by SMS: sends a code, counts wrong attempts, and confirms with the right code', async () => {
    const server = serverQuoting([
      aQuote({ requires: { termsVersion: null, sms: true, approval: false } }),
    ]);
    server.on('POST', '/rest/purchase/sms', () => ({
      status: 200,
      body: {
        sentTo: '•••••••678',
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
        attemptsLeft: 3,
      },
    }));
    server.on('POST', '/rest/purchase/execute', ({ body }) => {
      const { smsCode } = JSON.parse(body ?? '{}') as ExecuteBody;
      return smsCode === '246810'
        ? { status: 200, body: { click: aClickDetail() } }
        : { status: 422, body: { code: 'SMS_CODE_INVALID', message: 'Invalid SMS code.' } };
    });
    const { user } = await openConfirm(server);
    const confirm = screen.getByTestId('confirm-purchase');
    expect(confirm).toBeDisabled();
    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByTestId('sms-sent')).toHaveTextContent('•••••••678');
    const code = screen.getByTestId('sms-code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('Pogingen over: 3')).toBeVisible();

    await user.type(code, '12345');
    expect(confirm).toBeDisabled();
    await user.type(code, '6');
    await user.click(confirm);
    expect(await screen.findByTestId('confirm-failed')).toHaveTextContent(
      'Ongeldige sms-code. Pogingen over: 2.',
    );
    expect(screen.getByText('Pogingen over: 2')).toBeVisible();

    await user.type(screen.getByTestId('sms-code'), '246810');
    await user.click(confirm);
    await screen.findByTestId('purchase-result');
    expect(executeBodies(server).map((body) => body.smsCode)).toEqual(['123456', '246810']);
    // A wrong code does not use up the confirmation: both tries carry the same key.
    const [first, second] = executeBodies(server);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it('offers the authenticator app instead of the SMS code where the quote allows it', async () => {
    const server = serverQuoting([
      aQuote({ requires: { termsVersion: null, sms: true, totp: true, approval: false } }),
    ]);
    server.on('POST', '/rest/purchase/execute', ({ body }) => {
      const { totpCode } = JSON.parse(body ?? '{}') as ExecuteBody;
      return totpCode === '135790'
        ? { status: 200, body: { click: aClickDetail() } }
        : { status: 422, body: { code: 'SECOND_FACTOR_INVALID', message: 'Wrong code.' } };
    });
    const { user } = await openConfirm(server);
    const confirm = screen.getByTestId('confirm-purchase');
    await user.click(screen.getByRole('button', { name: 'Code uit authenticator-app gebruiken' }));
    const code = screen.getByLabelText(/Code uit uw authenticator-app/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByTestId('sms-send')).toBeNull();
    await user.type(code, '111111');
    await user.click(confirm);
    expect(await screen.findByTestId('confirm-failed')).toHaveTextContent(
      'De code uit uw authenticator-app klopt niet of is al gebruikt',
    );
    await user.type(screen.getByTestId('totp-code'), '135790');
    await user.click(confirm);
    await screen.findByTestId('purchase-result');
    const bodies = executeBodies(server);
    expect(bodies.map((body) => body.totpCode)).toEqual(['111111', '135790']);
    expect(bodies.every((body) => body.smsCode === undefined)).toBe(true);
  });

  it('offers no authenticator app where the quote does not allow it', async () => {
    const server = serverQuoting([
      aQuote({ requires: { termsVersion: null, sms: true, approval: false } }),
    ]);
    await openConfirm(server);
    expect(screen.getByTestId('sms-send')).toBeVisible();
    expect(screen.queryByTestId('use-totp')).toBeNull();
  });

  it('at expiry shows time expired, blocks the confirmation and asks a new price on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-20T10:00:00.000Z'));
    const server = serverQuoting([
      aQuote({ createdAt: '2026-11-20T10:00:00.000Z' }),
      aQuote({ quoteId: SECOND_QUOTE_ID, createdAt: '2026-11-20T10:05:30.000Z' }),
    ]);
    server.on('POST', '/rest/purchase/execute', () => ({
      status: 200,
      body: { click: aClickDetail() },
    }));
    const { user } = await openConfirm(server);
    const firstKey = purchaseDraftValue.get()?.idempotencyKey;
    expect(screen.getByTestId('confirm-purchase')).toBeEnabled();
    expect(screen.queryByTestId('quote-expired')).toBeNull();

    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('quote-countdown-clock')).toHaveTextContent('4:00');
    expect(screen.getByTestId('quote-countdown-live')).toHaveTextContent(
      'Nog 4 minuten om te bevestigen.',
    );

    act(() => vi.advanceTimersByTime(241_000));
    expect(screen.getByTestId('quote-expired')).toHaveTextContent('De tijd is verstreken');
    expect(screen.getByTestId('quote-countdown-live')).toHaveTextContent('De tijd is verstreken');
    expect(screen.getByTestId('confirm-purchase')).toBeDisabled();
    expect(server.callsTo('POST', '/rest/purchase/execute')).toHaveLength(0);

    await user.click(screen.getByTestId('new-price'));
    await waitFor(() => expect(purchaseDraftValue.get()?.quote?.quoteId).toBe(SECOND_QUOTE_ID));
    expect(screen.queryByTestId('quote-expired')).toBeNull();
    expect(screen.getByTestId('confirm-purchase')).toBeEnabled();
    expect(purchaseDraftValue.get()?.idempotencyKey).not.toBe(firstKey);
  });

  it('reuses the idempotency key after a network failure and on a double click: never two clicks', async () => {
    const server = serverQuoting([aQuote()]);
    let calls = 0;
    server.on('POST', '/rest/purchase/execute', () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return { status: 200, body: { click: aClickDetail() } };
    });
    const { user } = await openConfirm(server);
    const confirm = screen.getByTestId('confirm-purchase');
    await user.click(confirm);
    expect(await screen.findByTestId('confirm-failed')).toHaveTextContent(
      'er wordt nooit twee keer geklikt',
    );
    expect(confirm).toHaveTextContent('Opnieuw proberen');

    await user.dblClick(confirm);
    await screen.findByTestId('purchase-result');
    const bodies = executeBodies(server);
    expect(bodies).toHaveLength(2);
    expect(new Set(bodies.map((body) => body.idempotencyKey)).size).toBe(1);
    expect(bodies[0]?.idempotencyKey).toBe(purchaseDraftValue.get()?.idempotencyKey);
  });

  it('with the database away, says the click is made at most once and retries with the same key', async () => {
    const server = serverQuoting([aQuote()]);
    let calls = 0;
    server.on('POST', '/rest/purchase/execute', () => {
      calls += 1;
      if (calls === 1) {
        return { status: 503, body: { code: 'DATABASE_UNAVAILABLE', message: 'server text' } };
      }
      return { status: 200, body: { click: aClickDetail() } };
    });
    const { user } = await openConfirm(server);
    const confirm = screen.getByTestId('confirm-purchase');
    await user.click(confirm);
    const failed = await screen.findByTestId('confirm-failed');
    expect(failed).toHaveTextContent('De database is even niet bereikbaar');
    expect(failed).toHaveTextContent('hooguit één keer gemaakt');
    expect(confirm).toHaveTextContent('Opnieuw proberen');

    await user.click(confirm);
    await screen.findByTestId('purchase-result');
    const keys = executeBodies(server).map((body) => body.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it.each([
    ['DC_12', 409, 'Geen open volume'],
    ['DC_36', 409, 'Klikvenster is gesloten'],
    ['CLICK_LIMIT_REACHED', 409, 'maximale aantal klikken'],
    ['QUOTE_USED', 409, 'al gebruikt of vervangen'],
    ['TERMS_VERSION_OUTDATED', 409, 'nieuwe voorwaarden'],
    ['SMS_ATTEMPTS_EXCEEDED', 429, 'Te veel pogingen'],
    ['SOMETHING_NEW', 500, 'Er ging iets mis'],
  ])('maps the refusal %s to its message', async (code, status, text) => {
    const server = serverQuoting([aQuote()]);
    server.on('POST', '/rest/purchase/execute', () => ({
      status,
      body: { code, message: 'server text' },
    }));
    const { user } = await openConfirm(server);
    await user.click(screen.getByTestId('confirm-purchase'));
    const failed = await screen.findByTestId('confirm-failed');
    expect(failed).toHaveTextContent(text);
    expect(failed).not.toHaveTextContent('server text');
  });

  it('says so when another click is in progress for the user', async () => {
    const server = createFakeServer({});
    server.on('POST', '/rest/purchase/quote', () => ({
      status: 409,
      body: { code: 'ANOTHER_CLICK_IN_PROGRESS', message: 'x' },
    }));
    startSession(aUserSession());
    purchaseDraftValue.set(aDraft());
    renderApp(server, '/confirmpurchase');
    expect(await screen.findByTestId('quote-failed')).toHaveTextContent(
      'Er is al een klik in behandeling.',
    );
  });

  it('after success stores the click in progress, flags overlapping stored positions DC_31 and shows the state', async () => {
    const server = serverQuoting([aQuote()]);
    server.on('POST', '/rest/purchase/execute', () => ({
      status: 200,
      body: { click: aClickDetail({ createdAt: '2026-11-20T10:15:00.000Z' }) },
    }));
    const { clicks: _clicks, ...stored } = aContract({ contractId: 'KL-270001' });
    const { user } = await openConfirm(server);
    // What the dashboard stored before (positions are cleared at login, so put it after).
    window.localStorage.setItem('position_KL-270001', JSON.stringify(stored));
    await user.click(screen.getByTestId('confirm-purchase'));
    const result = await screen.findByTestId('purchase-result');
    expect(result).toHaveAttribute('data-status', 'IN_PROGRESS');
    expect(screen.getByTestId('purchase-result-message')).toHaveTextContent(
      'Uw klik is ontvangen en wordt verwerkt.',
    );

    expect(JSON.parse(window.sessionStorage.getItem('clicks_KL-270001') ?? '[]')).toEqual([
      {
        contractId: 'KL-270001',
        maturity: 'Q1',
        yearOfSupply: 2027,
        inProgress: true,
        date: '2026-11-20T10:15:00.000Z',
      },
    ]);
    const position = JSON.parse(window.localStorage.getItem('position_KL-270001') ?? '{}') as Omit<
      ContractData,
      'clicks'
    >;
    const { yearStatuses, quarterStatuses, monthStatuses } = position.statusPerContract;
    const flagged = [...yearStatuses, ...quarterStatuses, ...monthStatuses]
      .filter((status) => status.disableClickReason === 'DC_31')
      .map((status) => `${status.maturity} ${status.yearOfSupply}`);
    expect(flagged.sort()).toEqual(['M1 2027', 'M2 2027', 'M3 2027', 'Q1 2027', 'Y 2027']);
    expect(purchaseDraftValue.get()?.clickId).toBe(501);
  });

  it('shows a click awaiting approval, and the rejection message when it is rejected', async () => {
    const server = serverQuoting([
      aQuote({ requires: { termsVersion: null, sms: false, approval: true } }),
    ]);
    let status: 'PENDING_APPROVAL' | 'REJECTED' = 'PENDING_APPROVAL';
    server.on('POST', '/rest/purchase/execute', () => ({
      status: 200,
      body: { click: aClickDetail({ status }) },
    }));
    server.on('GET', '/rest/purchase/click/501', () => ({
      status: 200,
      body: aClickDetail({ status, inProgress: status === 'PENDING_APPROVAL' }),
    }));
    const { app, user } = await openConfirm(server);
    expect(screen.getByTestId('approval-note')).toBeVisible();
    await user.click(screen.getByTestId('confirm-purchase'));
    expect(await screen.findByTestId('purchase-result-message')).toHaveTextContent(
      'wacht op goedkeuring door een tweede gebruiker',
    );

    status = 'REJECTED';
    const socket = await app.sockets.connecting();
    act(() => socket.open());
    act(() => socket.emit('clickUpdate', { contractId: 'KL-270001' }));
    await waitFor(() =>
      expect(screen.getByTestId('purchase-result-message')).toHaveTextContent(
        'Deze transactie is afgewezen. Neem contact met ons op als u vragen heeft.',
      ),
    );
  });
});
