import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PURCHASE_PATHS,
  type ExecuteBody,
  type MultiClickPreview,
  type MultiClickResult,
  type Quote,
  TPI_PATHS,
  pathTo,
} from '@klik/api';
import { startSession } from '../../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../../test/axe';
import { aCustomer, aUserSession } from '../../../../test/builders';
import { aClickEffect } from '../../../../test/risk-builders';
import { aClickDetail } from '../../../../test/click-builders';
import { createFakeServer, type FakeServer } from '../../../../test/fake-server';
import { renderInPortal } from '../../../../test/render-app';
import { MultiClickAction } from './multi-click-action';

const ids = {
  plain: '11111111-1111-4111-8111-111111111111',
  approval: '22222222-2222-4222-8222-222222222222',
  sms: '33333333-3333-4333-8333-333333333333',
  approvalGas: '44444444-4444-4444-8444-444444444444',
};

function aQuote(quoteId: string, customerId: number, requires: Partial<Quote['requires']>): Quote {
  const createdAt = new Date().toISOString();
  return {
    quoteId,
    customerId,
    contractId: `KL-${customerId}`,
    yearOfSupply: 2027,
    maturity: 'Y',
    market: 'OTC',
    priceSource: 'OTC_LIVE',
    createdAt,
    expiresAt: new Date(Date.parse(createdAt) + 300_000).toISOString(),
    parts: [
      {
        name: 'Peak',
        volume: '120',
        openVolume: '1200',
        totalVolume: '1200',
        marketPrice: '80',
        markUp: '2',
        transactionFee: '0.25',
        clickPrice: '82.25',
        cost: '9870.00',
        runoutApplied: false,
        limits: { min: '60', max: '1200' },
      },
    ],
    totalCost: '9870.00',
    requires: { termsVersion: null, sms: false, approval: false, ...requires },
  };
}

const line = (quote: Quote) => ({
  contractId: quote.contractId,
  product: 'Stroom',
  quote,
  refusal: null,
});

const preview: MultiClickPreview = {
  customers: [
    {
      customerId: 11,
      customerName: 'Bakkerij Jansen',
      mayClick: true,
      lines: [line(aQuote(ids.plain, 11, {}))],
    },
    {
      customerId: 12,
      customerName: 'De Groene Kas',
      mayClick: true,
      lines: [
        line(aQuote(ids.approval, 12, { approval: true, termsVersion: 2 })),
        line({
          ...aQuote(ids.approvalGas, 12, { approval: true, termsVersion: 2 }),
          contractId: 'KL-12-2',
        }),
      ],
    },
    {
      customerId: 13,
      customerName: 'Metaal Jansen',
      mayClick: true,
      lines: [line(aQuote(ids.sms, 13, { sms: true }))],
    },
    {
      customerId: 14,
      customerName: 'Kwekerij Zonder Mandaat',
      mayClick: false,
      lines: [],
    },
    {
      customerId: 15,
      customerName: 'Gepauzeerd B.V.',
      mayClick: true,
      lines: [{ contractId: 'KL-15', product: 'Stroom', quote: null, refusal: { code: 'DC_35' } }],
    },
  ],
};

function resultFor(items: ExecuteBody[]): MultiClickResult {
  const quotes = preview.customers.flatMap((customer) =>
    customer.lines.flatMap((each) => (each.quote ? [each.quote] : [])),
  );
  return {
    outcomes: items.map((item, index) => {
      const quote = quotes.find((candidate) => candidate.quoteId === item.quoteId);
      const customerId = quote?.customerId ?? null;
      const refused = customerId === 13;
      return {
        quoteId: item.quoteId,
        idempotencyKey: item.idempotencyKey,
        customerId,
        contractId: quote?.contractId ?? null,
        click: refused
          ? null
          : aClickDetail({
              id: 700 + index,
              customerId: customerId ?? 0,
              status: customerId === 12 ? 'PENDING_APPROVAL' : 'IN_PROGRESS',
            }),
        refusal: refused ? { code: 'CLICK_LIMIT_REACHED' } : null,
      };
    }),
  };
}

function renderAction(server: FakeServer) {
  renderInPortal(server, <MultiClickAction selectedCustomerIds={[11, 12, 13, 14, 15]} />);
}

function setUp(): FakeServer {
  const server = createFakeServer({});
  server.on('POST', TPI_PATHS.multiClickPreview, () => ({ status: 200, body: preview }));
  server.on('POST', TPI_PATHS.multiClickExecute, ({ body }) => ({
    status: 200,
    body: resultFor((JSON.parse(body ?? '{}') as { items: ExecuteBody[] }).items),
  }));
  server.on('POST', PURCHASE_PATHS.sms, () => ({
    status: 200,
    body: { sentTo: '+31 6 **** **78', expiresAt: new Date().toISOString(), attemptsLeft: 3 },
  }));
  startSession(
    aUserSession({
      role: 'consultant',
      allowTPIPage: true,
      allowedCustomers: [
        aCustomer({ id: 11, name: 'Bakkerij Jansen' }),
        aCustomer({ id: 12, name: 'De Groene Kas' }),
        aCustomer({ id: 13, name: 'Metaal Jansen' }),
        aCustomer({ id: 14, name: 'Kwekerij Zonder Mandaat' }),
        aCustomer({ id: 15, name: 'Gepauzeerd B.V.' }),
      ],
    }),
  );
  renderAction(server);
  return server;
}

function sentItems(server: FakeServer): ExecuteBody[][] {
  return server
    .callsTo('POST', TPI_PATHS.multiClickExecute)
    .map((call) => (JSON.parse(call.body ?? '{}') as { items: ExecuteBody[] }).items);
}

async function previewWithKeyboard(answered = true): Promise<ReturnType<typeof userEvent.setup>> {
  const user = userEvent.setup();
  const open = await screen.findByRole('button', { name: 'Klikken voor meerdere klanten' });
  await user.tab();
  expect(open).toHaveFocus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Klikken voor meerdere klanten' });
  const share = within(dialog).getByRole('textbox', { name: /Deel van het open volume/ });
  await user.clear(share);
  await user.type(share, '12,5');
  await user.click(within(dialog).getByRole('button', { name: 'Prijzen opvragen' }));
  if (answered) await screen.findByTestId('multi-click-preview');
  return user;
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('clicking for several customers', () => {
  it('previews per customer, asks terms and SMS where needed, and confirms each with its own key', async () => {
    const server = setUp();
    const user = await previewWithKeyboard();
    const [call] = server.callsTo('POST', TPI_PATHS.multiClickPreview);
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      customerIds: [11, 12, 13, 14, 15],
      commodity: 'Power',
      maturity: 'Y',
      percentage: '12.5',
      market: 'OTC',
      replacesQuoteIds: [],
    });

    const table = screen.getByTestId('multi-click-preview');
    expect(within(table).getByTestId('multi-click-line-KL-11')).toHaveTextContent('120 MWh');
    expect(within(table).getByTestId('multi-click-line-KL-11')).toHaveTextContent('€ 9.870,00');
    expect(within(table).getByTestId('multi-click-line-KL-12')).toHaveTextContent(
      'Goedkeuring door een tweede gebruiker',
    );
    expect(within(table).getByTestId('multi-click-customer-14')).toHaveTextContent('geen mandaat');
    expect(within(table).getByTestId('multi-click-line-KL-15')).not.toHaveTextContent(
      'Nu klikbaar',
    );
    await expectNoAxeViolations(screen.getByRole('dialog'));

    const confirm = screen.getByRole('button', { name: '4 klikken bevestigen' });
    expect(confirm).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Ik heb de voorwaarden (versie 2) gelezen en ga ermee akkoord',
      }),
    );
    // The terms of a customer are accepted once for each of its contracts.
    const needs = screen.getByTestId('multi-click-needs-13');
    await user.click(within(needs).getByRole('button', { name: 'Code versturen' }));
    expect(await within(needs).findByRole('status')).toHaveTextContent('+31 6 **** **78');
    await user.type(within(needs).getByRole('textbox', { name: 'SMS-code' }), '123456');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    const result = await screen.findByTestId('multi-click-result');
    expect(screen.getByTestId('multi-click-summary')).toHaveTextContent(
      '3 klikken geplaatst, 1 geweigerd.',
    );
    expect(within(result).getByTestId(`multi-click-outcome-${ids.approval}`)).toHaveTextContent(
      'De Groene Kas',
    );
    expect(within(result).getByTestId(`multi-click-outcome-${ids.sms}`)).toHaveTextContent(
      'Metaal Jansen',
    );
    const [items] = sentItems(server);
    expect(items).toEqual([
      { quoteId: ids.plain, idempotencyKey: expect.any(String) },
      { quoteId: ids.approval, idempotencyKey: expect.any(String), acceptedTermsVersion: 2 },
      { quoteId: ids.approvalGas, idempotencyKey: expect.any(String), acceptedTermsVersion: 2 },
      { quoteId: ids.sms, idempotencyKey: expect.any(String), smsCode: '123456' },
    ]);
    expect(new Set(items?.map((item) => item.idempotencyKey)).size).toBe(4);
    await expectNoAxeViolations(screen.getByRole('dialog'));
  });

  it('leaves out the customers the consultant unticks and gives their quotes up', async () => {
    const server = setUp();
    for (const quoteId of [ids.approval, ids.approvalGas, ids.sms]) {
      server.on('DELETE', pathTo(PURCHASE_PATHS.cancelQuote, { quoteId }), () => ({ status: 204 }));
    }
    const user = await previewWithKeyboard();
    for (const name of ['De Groene Kas, KL-12', 'De Groene Kas, KL-12-2', 'Metaal Jansen, KL-13']) {
      await user.click(screen.getByRole('checkbox', { name: `${name} meenemen` }));
    }
    await user.click(screen.getByRole('button', { name: '1 klik bevestigen' }));
    await screen.findByTestId('multi-click-result');
    expect(sentItems(server)[0]?.map((item) => item.quoteId)).toEqual([ids.plain]);
    // Left out, they would count as a click in progress for their 5 minutes.
    await waitFor(() =>
      expect(
        server.requests
          .filter((request) => request.method === 'DELETE')
          .map((request) => request.path)
          .sort(),
      ).toEqual(
        [ids.approval, ids.approvalGas, ids.sms]
          .map((id) => pathTo(PURCHASE_PATHS.cancelQuote, { quoteId: id }))
          .sort(),
      ),
    );
  });

  it('after a failed connection sends the same keys again, so nothing is clicked twice', async () => {
    const server = setUp();
    let fail = true;
    server.on('POST', TPI_PATHS.multiClickExecute, ({ body }) => {
      if (fail) throw new TypeError('Failed to fetch');
      return {
        status: 200,
        body: resultFor((JSON.parse(body ?? '{}') as { items: ExecuteBody[] }).items),
      };
    });
    const user = await previewWithKeyboard();
    for (const name of ['De Groene Kas, KL-12', 'De Groene Kas, KL-12-2', 'Metaal Jansen, KL-13']) {
      await user.click(screen.getByRole('checkbox', { name: `${name} meenemen` }));
    }
    await user.click(screen.getByRole('button', { name: '1 klik bevestigen' }));
    expect(await screen.findByTestId('multi-click-unknown')).toHaveTextContent(
      'er wordt nooit twee keer geklikt',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await screen.findByTestId('multi-click-result');
    const [first, second] = sentItems(server);
    expect(second).toEqual(first);
  });

  it('says why a preview is refused', async () => {
    const server = setUp();
    server.on('POST', TPI_PATHS.multiClickPreview, () => ({
      status: 409,
      body: { code: 'ANOTHER_CLICK_IN_PROGRESS', message: 'busy' },
    }));
    await previewWithKeyboard(false);
    expect(await screen.findByRole('alert')).toHaveTextContent('Er is al een klik in behandeling');
  });

  it("shows each line's year now and after its click: P95 and cost-at-risk per customer", async () => {
    const server = setUp();
    server.on('POST', '/rest/risk/11/clickEffect', () => ({ status: 200, body: aClickEffect() }));
    await previewWithKeyboard();
    const risk = await screen.findByTestId(`multi-click-risk-${ids.plain}`);
    expect(risk.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'P95 € 151.250,75 → € 140.100,00; kosten-at-risk € 31.250,75 → € 20.100,00',
    );
    const [call] = server.callsTo('POST', '/rest/risk/11/clickEffect');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      contractId: 'KL-11',
      yearOfSupply: 2027,
      maturity: 'Y',
      parts: [{ name: 'Peak', volume: '120' }],
    });
    // Without an answer for a customer its line says so and the click goes on.
    expect(await screen.findByTestId(`multi-click-risk-${ids.sms}`)).toHaveTextContent(
      'niet beschikbaar',
    );
  });
});
