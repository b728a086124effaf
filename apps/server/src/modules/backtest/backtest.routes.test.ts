import readXlsxFile from 'read-excel-file/node';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BACKTEST_PATHS,
  BacktestSchema,
  ErrorBodySchema,
  pathTo,
  RankingSchema,
  type Backtest,
} from '@klik/api';
import { addDays, dayOfWeek, periodDeadline, toDec } from '@klik/domain';
import type { Db } from '../../db/database';
import { createClick, createContract, createCustomer, createUser } from '../../../test/builders';
import { pdfLines } from '../../../test/pdf-text';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Weekdays from `from` to `to` (inclusive) with the price the function gives, as settlements. */
async function history(
  db: Db,
  options: { product?: string; yearOfSupply: number; maturity?: string; from: string; to: string },
  priceOf: (day: string) => string,
): Promise<void> {
  const rows = [];
  for (let day = options.from; day <= options.to; day = addDays(day, 1)) {
    if (dayOfWeek(day) === 0 || dayOfWeek(day) === 6) continue;
    rows.push({
      product: options.product ?? 'TTF_GAS',
      year_of_supply: options.yearOfSupply,
      maturity: options.maturity ?? 'Y',
      market: 'OTC',
      day,
      price: priceOf(day),
      source: 'IMPORT',
    });
  }
  await db
    .insertInto('price_history' as never)
    .values(rows as never)
    .execute();
}

/**
 * A gas customer with 1200 MWh in 2026 (clicks the year as a whole, mark-up 2 and fee 0.25: a
 * margin of 2.25), the year's history from October to December 2025 at a flat 40 (so every
 * strategy pays 42.25), and two clicks of 600 MWh: at 41 on 3 November and at 42.25 on
 * 1 December. Today is 23 November 2026: the window is closed.
 */
async function world(priceOf: (day: string) => string = () => '40') {
  t = await buildTestApp({ clock: new TestClock(new Date('2026-11-23T10:00:00Z')) });
  const customer = await createCustomer(t.db, { name: 'Bakkerij Aa B.V.' });
  const other = await createCustomer(t.db, { name: 'Zuivel Zz B.V.' });
  const contract = await createContract(t.db, {
    customerId: customer.id,
    years: [2026],
    clickType: 'YEAR',
  });
  const foreign = await createContract(t.db, { customerId: other.id, years: [2026] });
  await history(t.db, { yearOfSupply: 2026, from: '2025-10-01', to: '2025-12-31' }, priceOf);
  await createClick(t.db, {
    contractId: contract.id,
    yearOfSupply: 2026,
    maturity: 'Y',
    parts: [{ part: 'Gas', volume: '600', price: '41' }],
    createdAt: new Date('2025-11-03T10:00:00Z'),
  });
  await createClick(t.db, {
    contractId: contract.id,
    yearOfSupply: 2026,
    maturity: 'Y',
    parts: [{ part: 'Gas', volume: '600', price: '42.25' }],
    createdAt: new Date('2025-12-01T10:00:00Z'),
  });
  const users = {
    user: await createUser(t.db, { customerIds: [customer.id] }),
    consultant: await createUser(t.db, { role: 'consultant', customerIds: [customer.id] }),
    manager: await createUser(t.db, { role: 'accountmanager', customerIds: [customer.id] }),
    otherManager: await createUser(t.db, { role: 'accountmanager', customerIds: [other.id] }),
    stranger: await createUser(t.db, { customerIds: [other.id] }),
    admin: await createUser(t.db, { role: 'admin' }),
  };
  const token = async (u: { username: string; password: string }) =>
    (await login(t!.app, u.username, u.password)).token;
  const get = async (
    u: { username: string; password: string },
    query: Record<string, string> = {},
    options: { customerId?: number; exported?: boolean } = {},
  ) =>
    t!.app.inject({
      method: 'GET',
      url: pathTo(options.exported ? BACKTEST_PATHS.export : BACKTEST_PATHS.replay, {
        customerId: options.customerId ?? customer.id,
      }),
      query: { contractId: contract.contractId, yearOfSupply: '2026', ...query },
      headers: bearer(await token(u)),
    });
  return { t, customer, other, contract, foreign, users, token, get };
}

const byStrategy = (backtest: Backtest, strategy: string) =>
  backtest.strategies.find((one) => one.strategy === strategy)!;

describe('GET /rest/backtest/{customerId}', () => {
  it('replays the actual clicks and every strategy with the figures worked out by hand', async () => {
    const w = await world();
    const response = await w.get(w.users.user);
    expect(response.statusCode).toBe(200);
    const backtest = BacktestSchema.parse(response.json());
    const lastDay = periodDeadline({ maturity: 'Y', yearOfSupply: 2026 }).lastTradingDay;
    expect(backtest).toMatchObject({
      customerId: w.customer.id,
      contractId: w.contract.contractId,
      yearOfSupply: 2026,
      // The first day with history; 3 years before delivery would be 2023-01-01.
      window: { from: '2025-10-01', to: lastDay },
      open: false,
      volume: '1200',
      parameters: {
        trancheSchedule: 'MONTHLY',
        limitDays: 20,
        limitShare: 10,
        reference: 'EQUAL_TRANCHES',
      },
      twelveMonth: { average: '42.25', high: '42.25', low: '42.25' },
      bestDay: { totalCost: '50700.00' },
      worstDay: { totalCost: '50700.00' },
      spread: '0.00',
    });
    expect(backtest.strategies.map((one) => one.strategy)).toEqual([
      'ACTUAL',
      'CORRIDOR_LOWER',
      'CORRIDOR_MIDDLE',
      'CORRIDOR_UPPER',
      'EQUAL_TRANCHES',
      'FIRST_DAY',
      'LAST_DAY',
      'LIMIT_BELOW_AVERAGE',
    ]);
    // 600 x 41 + 600 x 42.25 = 24600 + 25350.
    expect(byStrategy(backtest, 'ACTUAL')).toMatchObject({
      unavailable: null,
      clickCount: 2,
      volume: '1200',
      totalCost: '49950.00',
      averagePrice: '41.625',
      resultAgainstActual: '0.00',
      resultAgainstActualPerMwh: '0',
    });
    expect(byStrategy(backtest, 'ACTUAL').clicks).toEqual([
      {
        day: '2025-11-03',
        maturity: 'Y',
        part: 'Gas',
        volume: '600',
        // No quote: the contract's mark-up and fee are the margin, the rest the market price.
        marketPrice: '38.75',
        margin: '2.25',
        price: '41',
        forced: false,
      },
      {
        day: '2025-12-01',
        maturity: 'Y',
        part: 'Gas',
        volume: '600',
        marketPrice: '40',
        margin: '2.25',
        price: '42.25',
        forced: false,
      },
    ]);
    // Flat prices: whatever the days, every strategy pays 40 + 2.25 for the 1200 MWh.
    for (const strategy of ['EQUAL_TRANCHES', 'FIRST_DAY', 'LAST_DAY']) {
      expect(byStrategy(backtest, strategy)).toMatchObject({
        unavailable: null,
        volume: '1200',
        totalCost: '50700.00',
        averagePrice: '42.25',
        resultAgainstActual: '-750.00',
        resultAgainstActualPerMwh: '-0.625',
      });
    }
    // Three months, a tranche on the first trading day of each: levels 33.3333%, 66.6667% and
    // 100% of 1200 MWh, down to the kWh: 399.999, 800 and 1200 fixed.
    expect(
      byStrategy(backtest, 'EQUAL_TRANCHES').clicks.map((one) => [one.day, one.volume]),
    ).toEqual([
      ['2025-10-01', '399.999'],
      ['2025-11-03', '400.001'],
      ['2025-12-01', '400'],
    ]);
    expect(byStrategy(backtest, 'FIRST_DAY').clicks.map((one) => one.day)).toEqual(['2025-10-01']);
    // No hedge policy: the corridors cannot be followed.
    expect(byStrategy(backtest, 'CORRIDOR_MIDDLE')).toMatchObject({
      unavailable: 'NO_POLICY',
      totalCost: null,
      clicks: [],
    });
    // Actual − reference = -750: all of it timing or volume, none margin (both pay 2.25).
    const attribution = backtest.attribution!;
    expect(attribution).toMatchObject({ reference: 'EQUAL_TRANCHES', total: '-750.00' });
    expect(attribution.margin).toBe('0.00');
    expect(
      toDec(attribution.timing).plus(toDec(attribution.volume)).plus(toDec(attribution.margin)),
    ).toEqual(toDec(attribution.total));
    expect(backtest.history).toHaveLength(66);
    expect(backtest.history[0]).toEqual({
      day: '2025-10-01',
      price: '42.25',
      prices: [{ part: 'Gas', price: '42.25' }],
    });
  });

  it('gives the first and last day their own prices, and the best and worst day', async () => {
    // 40 in October, 50 from November on.
    const w = await world((day) => (day < '2025-11-01' ? '40' : '50'));
    const backtest = BacktestSchema.parse((await w.get(w.users.user)).json());
    expect(byStrategy(backtest, 'FIRST_DAY')).toMatchObject({
      totalCost: '50700.00',
      averagePrice: '42.25',
      resultAgainstActual: '-750.00',
    });
    expect(byStrategy(backtest, 'LAST_DAY')).toMatchObject({
      totalCost: '62700.00',
      averagePrice: '52.25',
      resultAgainstActual: '-12750.00',
    });
    expect(backtest.bestDay).toEqual({ day: '2025-10-01', totalCost: '50700.00' });
    expect(backtest.worstDay?.totalCost).toBe('62700.00');
    expect(backtest.spread).toBe('12000.00');
    for (const reference of ['FIRST_DAY', 'LAST_DAY', 'EQUAL_TRANCHES', 'LIMIT_BELOW_AVERAGE']) {
      const one = BacktestSchema.parse((await w.get(w.users.user, { reference })).json());
      const a = one.attribution!;
      expect(a.reference).toBe(reference);
      expect(a.total).toBe(
        toDec(byStrategy(one, 'ACTUAL').totalCost!)
          .minus(toDec(byStrategy(one, reference).totalCost!))
          .toFixed(2),
      );
      expect(toDec(a.timing).plus(toDec(a.volume)).plus(toDec(a.margin)).toFixed(2)).toBe(a.total);
    }
  });

  it('splits a click made through a quote into the quote’s market price and margin', async () => {
    const w = await world();
    const [first] = await w.t.db
      .selectFrom('clicks')
      .select('id')
      .where('contract_id', '=', w.contract.id)
      .orderBy('created_at')
      .execute();
    await w.t.db
      .insertInto('purchase_quotes')
      .values({
        id: '6f1c2a3e-0d4b-4a51-9b7e-2c8d9e0f1a2b',
        user_id: w.users.user.id,
        session_id: null,
        contract_id: w.contract.id,
        year_of_supply: 2026,
        maturity: 'Y',
        market: 'OTC',
        price_source: 'OTC',
        parts: JSON.stringify([
          {
            name: 'Gas',
            volume: '600',
            openVolume: '1200',
            totalVolume: '1200',
            marketPrice: '38.5',
            markUp: '2.2',
            transactionFee: '0.3',
            clickPrice: '41',
            cost: '24600',
            runoutApplied: false,
            limits: { min: '0', max: '1200' },
          },
        ]),
        total_cost: '24600',
        created_at: new Date('2025-11-03T09:59:00Z'),
        expires_at: new Date('2025-11-03T10:00:30Z'),
        consumed_at: new Date('2025-11-03T10:00:00Z'),
        cancelled_at: null,
      })
      .execute();
    await w.t.db
      .updateTable('clicks')
      .set({ quote_id: '6f1c2a3e-0d4b-4a51-9b7e-2c8d9e0f1a2b' })
      .where('id', '=', first!.id)
      .execute();
    const backtest = BacktestSchema.parse((await w.get(w.users.user)).json());
    expect(byStrategy(backtest, 'ACTUAL').clicks[0]).toMatchObject({
      day: '2025-11-03',
      volume: '600',
      marketPrice: '38.5',
      margin: '2.5',
      price: '41',
    });
    // The same total: the split moves 0.25/MWh of 600 MWh from market to margin against the tranches.
    expect(byStrategy(backtest, 'ACTUAL').totalCost).toBe('49950.00');
    const a = backtest.attribution!;
    expect(a.total).toBe('-750.00');
    expect(a.margin).toBe('150.00');
    expect(toDec(a.timing).plus(toDec(a.volume)).toFixed(2)).toBe('-900.00');
  });

  it('follows the hedge policy when the year has one', async () => {
    const w = await world();
    await w.t.db
      .insertInto('hedge_policies')
      .values({
        contract_id: w.contract.id,
        year_of_supply: 2026,
        points: JSON.stringify([
          { date: '2025-10-01', minShare: '20', maxShare: '60' },
          { date: '2025-12-01', minShare: '100', maxShare: null },
        ]),
      })
      .execute();
    const backtest = BacktestSchema.parse((await w.get(w.users.user)).json());
    for (const strategy of ['CORRIDOR_LOWER', 'CORRIDOR_MIDDLE', 'CORRIDOR_UPPER']) {
      expect(byStrategy(backtest, strategy)).toMatchObject({
        unavailable: null,
        volume: '1200',
        totalCost: '50700.00',
      });
    }
  });

  it('is for whoever sees the customer, as the risk figures', async () => {
    const w = await world();
    for (const who of [w.users.user, w.users.consultant, w.users.manager, w.users.admin]) {
      expect((await w.get(who)).statusCode).toBe(200);
    }
    expect((await w.get(w.users.stranger)).statusCode).toBe(403);
    expect((await w.get(w.users.otherManager)).statusCode).toBe(403);
    expect((await w.get(w.users.stranger, {}, { customerId: 999_999 })).statusCode).toBe(403);
    expect((await w.get(w.users.admin, {}, { customerId: 999_999 })).statusCode).toBe(404);
    const anonymous = await w.t.app.inject({
      method: 'GET',
      url: pathTo(BACKTEST_PATHS.replay, { customerId: w.customer.id }),
      query: { contractId: w.contract.contractId, yearOfSupply: '2026' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for another customer’s contract or a year without volume, 400 for a bad query', async () => {
    const w = await world();
    const foreign = await w.get(w.users.user, { contractId: w.foreign.contractId });
    expect(foreign.statusCode).toBe(404);
    expect((await w.get(w.users.admin, { contractId: w.foreign.contractId })).statusCode).toBe(404);
    expect((await w.get(w.users.user, { yearOfSupply: '2030' })).statusCode).toBe(404);
    const queries: Record<string, string>[] = [
      { limitDays: '1' },
      { reference: 'ACTUAL' },
      { trancheSchedule: 'DAILY' },
    ];
    for (const query of queries) {
      const bad = await w.get(w.users.user, query);
      expect(bad.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(bad.json()).code).toBe('VALIDATION_FAILED');
    }
  });

  it('gives every strategy NO_HISTORY for a year without history', async () => {
    const w = await world();
    await createContract(w.t.db, {
      customerId: w.customer.id,
      years: [2028],
      contractId: 'KL-NOHIST',
    });
    const response = await w.get(w.users.user, { contractId: 'KL-NOHIST', yearOfSupply: '2028' });
    expect(response.statusCode).toBe(200);
    const backtest = BacktestSchema.parse(response.json());
    expect(backtest.window).toBeNull();
    expect(backtest.attribution).toBeNull();
    expect(backtest.strategies.every((one) => one.unavailable === 'NO_HISTORY')).toBe(true);
    // The files still answer, with what there is.
    for (const format of ['csv', 'xlsx', 'pdf']) {
      const file = await w.get(
        w.users.user,
        { contractId: 'KL-NOHIST', yearOfSupply: '2028', format },
        { exported: true },
      );
      expect(file.statusCode).toBe(200);
    }
  });
});

describe('GET /rest/backtest/{customerId}/export', () => {
  it('answers CSV, XLSX and a one-page PDF of the replay', async () => {
    const w = await world();
    const exported = (format: string, locale = 'en') =>
      w.get(w.users.consultant, { format, locale }, { exported: true });

    const csv = await exported('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="klik-backtest-/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'Strategy,Unavailable,Clicks,Volume (MWh),Total cost (EUR),Average price (EUR/MWh),' +
        'Against your clicks (EUR),Against your clicks (EUR/MWh)',
    );
    const rows = lines.slice(1, 9).map((line) => line.split(','));
    expect(rows[0]).toEqual(['Your clicks', '', '2', '1200', '49950.00', '41.625', '0.00', '0']);
    expect(rows.find((row) => row[0] === 'Equal tranches')).toEqual([
      'Equal tranches',
      '',
      '3',
      '1200',
      '50700.00',
      '42.25',
      '-750.00',
      '-0.625',
    ]);
    expect(rows.find((row) => row[0] === 'Hedge policy middle')?.slice(0, 5)).toEqual([
      'Hedge policy middle',
      'no hedge policy',
      '',
      '',
      '',
    ]);
    expect(lines[9]).toBe('');
    expect(lines[11]).toMatch(/^"?Total \(your clicks − reference\): Equal tranches"?,-750\.00$/);

    const dutch = await exported('csv', 'nl');
    expect(dutch.body.split('\r\n')[1]!.startsWith('Uw klikken,')).toBe(true);

    const xlsx = await exported('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheets = await readXlsxFile(xlsx.rawPayload);
    expect(sheets.map((one) => one.sheet)).toEqual(['Strategies', 'Attribution']);
    expect(sheets[0]!.data[1]).toEqual(['Your clicks', null, 2, 1200, 49950, 41.625, 0, 0]);
    expect(sheets[1]!.data[1]).toEqual(['Total (your clicks − reference): Equal tranches', -750]);

    const pdf = await exported('pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfLines(pdf.rawPayload)).join('\n');
    expect(text).toContain('Purchasing strategy replay');
    expect(text).toContain('Bakkerij Aa B.V.');
    expect(text).toContain(w.contract.contractId);
    expect(text).toContain('Equal tranches');
    const nl = (await pdfLines((await exported('pdf', 'nl')).rawPayload)).join('\n');
    expect(nl).toContain('Terugblik inkoopstrategie');
  });

  it('refuses as the replay does', async () => {
    const w = await world();
    const url = { exported: true };
    expect((await w.get(w.users.stranger, { format: 'csv' }, url)).statusCode).toBe(403);
    expect(
      (await w.get(w.users.user, { format: 'csv', contractId: w.foreign.contractId }, url))
        .statusCode,
    ).toBe(404);
    expect((await w.get(w.users.user, { format: 'doc' }, url)).statusCode).toBe(400);
  });
});

describe('GET /rest/backtest/ranking', () => {
  async function rankingWorld() {
    const w = await world();
    // Two more customers of the consultant: one clicked at 40 + 2.25 (as the tranches), one at 44.
    const customers = [];
    for (const [name, price] of [
      ['Cafe Mm B.V.', '42.25'],
      ['Drukkerij Dd B.V.', '44'],
    ] as const) {
      const customer = await createCustomer(w.t.db, { name });
      const contract = await createContract(w.t.db, {
        customerId: customer.id,
        years: [2026],
        clickType: 'YEAR',
      });
      await createClick(w.t.db, {
        contractId: contract.id,
        yearOfSupply: 2026,
        maturity: 'Y',
        parts: [{ part: 'Gas', volume: '1200', price }],
        createdAt: new Date('2025-11-03T10:00:00Z'),
      });
      await w.t.db
        .insertInto('user_customers')
        .values({ user_id: w.users.consultant.id, customer_id: customer.id })
        .execute();
      customers.push(customer);
    }
    const rank = async (
      u: { username: string; password: string },
      query: Record<string, string> = {},
    ) => {
      const response = await w.t.app.inject({
        method: 'GET',
        url: BACKTEST_PATHS.ranking,
        query,
        headers: bearer(await w.token(u)),
      });
      return response;
    };
    return { ...w, customers, rank };
  }

  it('ranks the consultant’s customers by their clicks against the reference, sorted and paged', async () => {
    const w = await rankingWorld();
    const response = await w.rank(w.users.consultant);
    expect(response.statusCode).toBe(200);
    const ranking = RankingSchema.parse(response.json());
    expect(ranking).toMatchObject({ reference: 'EQUAL_TRANCHES', total: 3, page: 1, pageSize: 25 });
    expect(ranking.rows).toEqual([
      {
        customerId: w.customer.id,
        customerName: 'Bakkerij Aa B.V.',
        years: 1,
        clickedVolume: '1200',
        averageClickPrice: '41.625',
        againstAverage: '0.625',
        againstReference: '0.625',
      },
      {
        customerId: w.customers[0]!.id,
        customerName: 'Cafe Mm B.V.',
        years: 1,
        clickedVolume: '1200',
        averageClickPrice: '42.25',
        againstAverage: '0',
        againstReference: '0',
      },
      {
        customerId: w.customers[1]!.id,
        customerName: 'Drukkerij Dd B.V.',
        years: 1,
        clickedVolume: '1200',
        averageClickPrice: '44',
        againstAverage: '-1.75',
        againstReference: '-1.75',
      },
    ]);
    const ascending = RankingSchema.parse(
      (await w.rank(w.users.consultant, { direction: 'asc', pageSize: '2', page: '1' })).json(),
    );
    expect(ascending.rows.map((row) => row.customerName)).toEqual([
      'Drukkerij Dd B.V.',
      'Cafe Mm B.V.',
    ]);
    const second = RankingSchema.parse(
      (await w.rank(w.users.consultant, { direction: 'asc', pageSize: '2', page: '2' })).json(),
    );
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.rows.map((row) => row.customerName)).toEqual(['Bakkerij Aa B.V.']);
    const byName = RankingSchema.parse(
      (await w.rank(w.users.consultant, { sort: 'customerName', direction: 'desc' })).json(),
    );
    expect(byName.rows.map((row) => row.customerName)).toEqual([
      'Drukkerij Dd B.V.',
      'Cafe Mm B.V.',
      'Bakkerij Aa B.V.',
    ]);
  });

  it('is of the customers each user serves; an administrator’s holds every customer', async () => {
    const w = await rankingWorld();
    const of = async (u: { username: string; password: string }) =>
      RankingSchema.parse((await w.rank(u, { sort: 'customerName', direction: 'asc' })).json());
    expect((await of(w.users.manager)).rows.map((row) => row.customerName)).toEqual([
      'Bakkerij Aa B.V.',
    ]);
    expect((await of(w.users.otherManager)).rows).toEqual([
      {
        customerId: w.other.id,
        customerName: 'Zuivel Zz B.V.',
        years: 0,
        clickedVolume: '0',
        averageClickPrice: null,
        againstAverage: null,
        againstReference: null,
      },
    ]);
    const admin = await of(w.users.admin);
    expect(admin.total).toBe(4);
    // Nulls last whatever the direction.
    const sorted = RankingSchema.parse(
      (await w.rank(w.users.admin, { sort: 'againstReference', direction: 'asc' })).json(),
    );
    expect(sorted.rows.at(-1)!.customerName).toBe('Zuivel Zz B.V.');
    expect((await w.rank(w.users.admin, { pageSize: '0' })).statusCode).toBe(400);
  });
});
