import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ContractDataSchema,
  FeedHealthSchema,
  IngestErrorSchema,
  MarketBoardSchema,
  type PriceQuote,
} from '@klik/api';
import { createContract, createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import type { BusEvents } from '../../kernel/events/event-bus';

const KEY = 'ingest-key-for-tests-0123456789abcdef';
let t: TestApp;
let admin: BuiltUser;
let customerUser: BuiltUser;
let customerId: number;
let published: BusEvents['priceUpdate'][];

function ingest(body: unknown, key: string | null = KEY) {
  return t.app.inject({
    method: 'POST',
    url: '/rest/market/prices',
    headers: key === null ? {} : bearer(key),
    payload: body as object,
  });
}

function quote(overrides: Partial<PriceQuote> = {}): PriceQuote {
  return {
    product: 'TTF_GAS',
    yearOfSupply: 2027,
    maturity: 'Q1',
    market: 'OTC',
    price: '36.125',
    at: '2026-03-02T08:59:00Z',
    ...overrides,
  };
}

async function counts() {
  const prices = await t.db
    .selectFrom('market_prices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const offers = await t.db.selectFrom('market_offers').selectAll().execute();
  return { prices: Number(prices.n), offers };
}

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_INGEST_KEY: KEY, MARKET_FEED: 'none' } });
  admin = await createUser(t.db, { role: 'admin' });
  const customer = await createCustomer(t.db);
  customerId = customer.id;
  customerUser = await createUser(t.db, { customerIds: [customer.id] });
  await createContract(t.db, { customerId, commodity: 'Gas', clickOption: 'OTC_ONLY' });
  published = [];
  t.app.deps.bus.subscribe('priceUpdate', (payload) => published.push(payload));
});

afterAll(async () => {
  await t.close();
});

beforeEach(() => {
  published.length = 0;
});

describe('POST /rest/market/prices', () => {
  it('stores a good batch, updates the offers positions read, and publishes priceUpdate', async () => {
    const response = await ingest({
      prices: [
        quote(),
        quote({ market: 'ICE', price: '36.2' }),
        quote({ maturity: 'Y', price: '34.5' }),
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 3 });
    const { prices, offers } = await counts();
    expect(prices).toBe(3);
    expect(
      offers.map((o) => [o.maturity, o.market, o.price, o.quoted_at.toISOString()]).sort(),
    ).toEqual([
      ['Q1', 'ICE', '36.2000', '2026-03-02T08:59:00.000Z'],
      ['Q1', 'OTC', '36.1250', '2026-03-02T08:59:00.000Z'],
      ['Y', 'OTC', '34.5000', '2026-03-02T08:59:00.000Z'],
    ]);
    expect(published).toHaveLength(1);
    expect(published[0]!.prices).toContainEqual({
      product: 'TTF_GAS',
      yearOfSupply: 2027,
      maturity: 'Q1',
      market: 'OTC',
      price: '36.125',
      at: '2026-03-02T08:59:00.000Z',
    });

    // The customer's Q1 2027 position is now priced from the new offer.
    const { token } = await login(t.app, customerUser.username, customerUser.password);
    const data = await t.app.inject({
      method: 'GET',
      url: `/rest/contractData/${customerId}`,
      headers: bearer(token),
    });
    const [contract] = ContractDataSchema.array().parse(data.json());
    const q1 = contract!.statusPerContract.quarterStatuses.find(
      (s) => s.maturity === 'Q1' && s.yearOfSupply === 2027,
    );
    expect(q1?.contractParts[0]?.offerPart?.marketPrice).toBe('36.125');
    expect(q1?.contractParts[0]?.offerPart?.clickPrice).toBe('38.375');
    expect(q1?.clickable).toBe(true);
  });

  it('keeps the newest price in the offer when an older one arrives late, and in the history both', async () => {
    const before = await counts();
    await ingest({ prices: [quote({ maturity: 'M5', price: '30', at: '2026-03-02T08:58:00Z' })] });
    await ingest({ prices: [quote({ maturity: 'M5', price: '29', at: '2026-03-02T08:50:00Z' })] });
    const after = await counts();
    expect(after.prices).toBe(before.prices + 2);
    const m5 = after.offers.find((o) => o.maturity === 'M5');
    expect(m5?.price).toBe('30.0000');
  });

  it('refuses a bad batch whole, lists every problem and changes nothing', async () => {
    const before = await counts();
    const response = await ingest({
      prices: [
        quote({ price: '37' }),
        quote({ product: 'COAL' as never }),
        quote({ maturity: 'Q5' as never }),
        quote({ market: 'EEX' as never }),
        quote({ yearOfSupply: 1999 }),
        quote({ price: '0' }),
        quote({ price: '99999999' }),
        quote({ price: '12.34567' }),
        quote({ price: 37 as never }),
        quote({ at: 'yesterday' }),
        quote({ at: '2026-03-02T10:00:00Z' }),
      ],
    });
    expect(response.statusCode).toBe(400);
    const body = IngestErrorSchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.problems.map((p) => p.path)).toEqual([
      'prices.1.product',
      'prices.2.maturity',
      'prices.3.market',
      'prices.4.yearOfSupply',
      'prices.5.price',
      'prices.6.price',
      'prices.7.price',
      'prices.8.price',
      'prices.9.at',
    ]);
    // The clock check runs once the batch is well-formed.
    const future = await ingest({
      prices: [quote({ price: '37' }), quote({ at: '2026-03-02T09:06:00Z' })],
    });
    expect(future.statusCode).toBe(400);
    expect(IngestErrorSchema.parse(future.json()).problems).toEqual([
      { path: 'prices.1.at', message: 'lies more than 5 minutes ahead' },
    ]);
    expect(await counts()).toEqual(before);
    expect(published).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['outcome'])
      .where('action', '=', 'marketIngest')
      .where('outcome', '=', 'failure')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses an empty batch and a body that is no batch', async () => {
    expect((await ingest({ prices: [] })).statusCode).toBe(400);
    expect((await ingest([quote()])).statusCode).toBe(400);
  });

  it('refuses a body that is not JSON with 400 and its problem listed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/market/prices',
      headers: { ...bearer(KEY), 'content-type': 'application/json' },
      payload: '{"prices": [',
    });
    expect(response.statusCode).toBe(400);
    expect(IngestErrorSchema.parse(response.json()).problems).toEqual([
      { path: 'body', message: 'not a JSON document' },
    ]);
  });

  it('answers 401 without the key or with a wrong one, and stores nothing', async () => {
    const before = await counts();
    expect((await ingest({ prices: [quote()] }, null)).statusCode).toBe(401);
    expect((await ingest({ prices: [quote()] }, `${KEY}x`)).statusCode).toBe(401);
    const session = await login(t.app, admin.username, admin.password);
    expect((await ingest({ prices: [quote()] }, session.token)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('does not exist when no key is configured', async () => {
    const other = await buildTestApp({ env: { MARKET_FEED: 'none' } });
    try {
      const response = await other.app.inject({
        method: 'POST',
        url: '/rest/market/prices',
        headers: bearer(KEY),
        payload: { prices: [quote()] },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('reading prices', () => {
  it('answers the history of one instrument oldest first, within the range', async () => {
    await ingest({
      prices: [
        quote({ maturity: 'M7', price: '31', at: '2026-03-01T10:00:00Z' }),
        quote({ maturity: 'M7', price: '31.5', at: '2026-03-02T08:00:00Z' }),
        quote({ maturity: 'M7', price: '32', at: '2026-03-02T08:30:00Z' }),
        quote({ maturity: 'M7', market: 'ICE', price: '40', at: '2026-03-02T08:30:00Z' }),
      ],
    });
    const { token } = await login(t.app, customerUser.username, customerUser.password);
    const all = await t.app.inject({
      method: 'GET',
      url: '/rest/market/prices/TTF_GAS/2027/M7',
      headers: bearer(token),
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual([
      { at: '2026-03-01T10:00:00.000Z', price: '31' },
      { at: '2026-03-02T08:00:00.000Z', price: '31.5' },
      { at: '2026-03-02T08:30:00.000Z', price: '32' },
    ]);
    const ranged = await t.app.inject({
      method: 'GET',
      url: '/rest/market/prices/TTF_GAS/2027/M7?market=ICE&from=2026-03-02T00:00:00Z',
      headers: bearer(token),
    });
    expect(ranged.json()).toEqual([{ at: '2026-03-02T08:30:00.000Z', price: '40' }]);
    const unsigned = await t.app.inject({
      method: 'GET',
      url: '/rest/market/prices/TTF_GAS/2027/M7',
    });
    expect(unsigned.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/rest/market/prices/COAL/2027/M7',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows admins the board with ages and the feed health; customers get 403', async () => {
    const session = await login(t.app, admin.username, admin.password);
    const board = await t.app.inject({
      method: 'GET',
      url: '/rest/market/board',
      headers: bearer(session.token),
    });
    expect(board.statusCode).toBe(200);
    const entries = MarketBoardSchema.parse(board.json());
    const q1 = entries.find((e) => e.maturity === 'Q1' && e.market === 'OTC');
    // The clock stands at 09:00, the price is from 08:59.
    expect(q1).toMatchObject({ price: '36.125', ageSeconds: 60 });
    const maturities = entries.filter((e) => e.market === 'OTC').map((e) => e.maturity);
    expect(maturities.indexOf('Y')).toBeLessThan(maturities.indexOf('Q1'));
    expect(maturities.indexOf('M5')).toBeLessThan(maturities.indexOf('M7'));

    const feed = await t.app.inject({
      method: 'GET',
      url: '/rest/market/feed',
      headers: bearer(session.token),
    });
    expect(FeedHealthSchema.parse(feed.json())).toMatchObject({
      source: 'none',
      leading: false,
      lastTickAt: null,
      lastPriceOrigin: 'INGEST',
    });

    const { token } = await login(t.app, customerUser.username, customerUser.password);
    for (const url of ['/rest/market/board', '/rest/market/feed']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(
        403,
      );
    }
  });
});

describe('the simulated feed in the app', () => {
  it('ticks only inside the window, on the clock, and records what it quotes', async () => {
    const app = await buildTestApp({ env: { MARKET_FEED: 'simulated', MARKET_FEED_SEED: '11' } });
    try {
      const feed = app.app.market.feed;
      expect(await feed.tick()).toBe(0); // not leading yet
      expect(await feed.tryLead()).toBe(true);
      app.clock.advanceMinutes(-90); // 08:30 Amsterdam
      expect(await feed.tick()).toBe(0);
      app.clock.advanceMinutes(90); // 10:00
      const first = await feed.tick();
      // 2 March 2026: Q2-Q4 and M4-M12 of 2026 are still traded, and all of 2027-2029.
      expect(first).toBe(4 * (12 + 3 * 17) * 2);
      app.clock.advance(5000);
      const second = await feed.tick();
      expect(second).toBeGreaterThan(0);
      const stored = await app.db
        .selectFrom('market_prices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('source', '=', 'SIMULATED')
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(first + second);
      const health = await feed.health();
      expect(health).toMatchObject({
        source: 'simulated',
        leading: true,
        lastTickAt: app.clock.now().toISOString(),
        lastPriceOrigin: 'SIMULATED',
      });
    } finally {
      await app.close();
    }
  });
});
