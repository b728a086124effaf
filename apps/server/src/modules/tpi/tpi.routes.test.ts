import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TpiCustomerDataSchema,
  TpiPageSchema,
  TpiUserListSchema,
  type TpiSummary,
} from '@klik/api';
import {
  createClick,
  createContract,
  createCustomer,
  createOffers,
  createUser,
  type BuiltCustomer,
} from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';

// Friday 2026-11-20 11:00 Amsterdam.
const FRIDAY_11 = '2026-11-20T10:00:00Z';

let t: TestApp;
let first: BuiltCustomer;
let second: BuiltCustomer;
let third: BuiltCustomer;
let foreign: BuiltCustomer;
const tokens = { tpi: '', plainConsultant: '', customer: '', admin: '' };

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date(FRIDAY_11)) });
  const { db } = t;
  // Created out of order: the cockpit pages customers by name.
  third = await createCustomer(db, { name: 'Cc Tuinbouw B.V.', dashboards: ['Kas'] });
  first = await createCustomer(db, { name: 'Aa Bakkerij B.V.', dashboards: ['Winkel'] });
  second = await createCustomer(db, { name: 'Bb Metaal B.V.', dashboards: ['Hal'] });
  foreign = await createCustomer(db, { name: 'Zz Elders B.V.', dashboards: ['Elders'] });

  const gas = await createContract(db, {
    customerId: first.id,
    contractId: 'KL-TPI-G',
    commodity: 'Gas',
    clickType: 'ALL',
    markUp: '2',
    transactionFee: '0.25',
    years: [2027],
    monthlyVolume: '100',
  });
  const power = await createContract(db, {
    customerId: first.id,
    contractId: 'KL-TPI-P',
    commodity: 'Power',
    clickType: 'QUARTER',
    markUp: '1.5',
    transactionFee: '0.1',
    years: [2027, 2028],
    monthlyVolume: '50',
  });
  await createContract(db, { customerId: foreign.id, contractId: 'KL-TPI-F' });

  await createClick(db, {
    contractId: gas.id,
    yearOfSupply: 2027,
    maturity: 'Y',
    parts: [{ part: 'Gas', volume: '300', price: '30' }],
  });
  await createClick(db, {
    contractId: gas.id,
    yearOfSupply: 2027,
    maturity: 'Q1',
    parts: [{ part: 'Gas', volume: '90', price: '33.1234' }],
  });
  await createClick(db, {
    contractId: power.id,
    yearOfSupply: 2027,
    maturity: 'Q2',
    parts: [
      { part: 'Peak', volume: '60', price: '100.35' },
      { part: 'OffPeak', volume: '30', price: '70.225' },
    ],
  });
  // Waiting for approval: counted, not in the figures.
  await createClick(db, {
    contractId: power.id,
    yearOfSupply: 2027,
    maturity: 'Q3',
    status: 'PENDING_APPROVAL',
    parts: [{ part: 'Peak', volume: '10', price: '101' }],
  });
  await createOffers(db, { product: 'TTF_GAS', yearOfSupply: 2027, otcPrice: '35.5' });
  await createOffers(db, { product: 'NL_POWER_PEAK', yearOfSupply: 2027, otcPrice: '100.25' });

  const mine = [first.id, second.id, third.id];
  const tpi = await createUser(db, { role: 'consultant', allowTPIPage: true, customerIds: mine });
  const plain = await createUser(db, { role: 'consultant', customerIds: mine });
  const customer = await createUser(db, {
    role: 'customer',
    name: 'Anna Bakker',
    customerIds: [first.id],
  });
  // Also a user of someone else's customer: not one to act as.
  await createUser(db, { role: 'customer', customerIds: [first.id, foreign.id] });
  const admin = await createUser(db, { role: 'admin' });
  for (const [key, user] of [
    ['tpi', tpi],
    ['plainConsultant', plain],
    ['customer', customer],
    ['admin', admin],
  ] as const) {
    tokens[key] = (await login(t.app, user.username, user.password)).token;
  }
});

afterAll(async () => {
  await t.close();
});

function get(url: string, token: string | null) {
  return t.app.inject({ method: 'GET', url, headers: token === null ? {} : bearer(token) });
}

describe('GET /rest/tpi/{customerId}', () => {
  it('answers the TPI summary per contract and year from the clicks, exactly', async () => {
    const response = await get(`/rest/tpi/${first.id}`, tokens.tpi);
    expect(response.statusCode).toBe(200);
    const data = TpiCustomerDataSchema.parse(response.json());
    expect(data.customerName).toBe('Aa Bakkerij B.V.');
    expect(data.contracts.map((contract) => contract.contractId)).toEqual(['KL-TPI-G', 'KL-TPI-P']);
    const [gas, power] = data.contracts;
    expect(gas?.years).toEqual<TpiSummary[]>([
      {
        contractId: 'KL-TPI-G',
        id: first.id,
        yearOfSupply: 2027,
        // 390 of 1200 MWh.
        clickedPercentage: '32.5',
        // (300 x 30 + 90 x 33.1234) / 390 = 30.720784..., half-up to 4 decimals.
        weightedAvgGasClickPrice: '30.7208',
        weightedAvgPeakClickPrice: null,
        weightedAvgOffPeakClickPrice: null,
        openVolume: '810',
        parts: [
          {
            name: 'Gas',
            totalVolume: '1200',
            clickedVolume: '390',
            openVolume: '810',
            weightedAvgClickPrice: '30.7208',
            // 35.5 + 2 + 0.25.
            currentClickPrice: '37.75',
          },
        ],
        // The year position closes on the last trading day of 2026 at 16:00 Amsterdam.
        nextDeadline: { maturity: 'Y', closesAt: '2026-12-31T15:00:00.000Z' },
        pendingApprovals: 0,
        budgetPosition: null,
      },
    ]);
    const [power2027, power2028] = power?.years ?? [];
    expect(power2027).toMatchObject({
      yearOfSupply: 2027,
      // 90 of 1200 MWh over both parts.
      clickedPercentage: '7.5',
      weightedAvgGasClickPrice: null,
      weightedAvgPeakClickPrice: '100.35',
      weightedAvgOffPeakClickPrice: '70.225',
      openVolume: '1110',
      // A quarter contract: the first quarter is its next deadline.
      nextDeadline: { maturity: 'Q1', closesAt: '2026-12-31T15:00:00.000Z' },
      pendingApprovals: 1,
    });
    expect(power2027?.parts.map((part) => [part.name, part.currentClickPrice])).toEqual([
      ['Peak', '101.85'],
      ['OffPeak', null],
    ]);
    expect(power2028).toMatchObject({
      clickedPercentage: '0',
      weightedAvgPeakClickPrice: null,
      weightedAvgOffPeakClickPrice: null,
      openVolume: '1200',
      pendingApprovals: 0,
    });
  });

  it('answers a customer without contracts with no contracts', async () => {
    const response = await get(`/rest/tpi/${second.id}`, tokens.tpi);
    expect(response.statusCode).toBe(200);
    expect(TpiCustomerDataSchema.parse(response.json()).contracts).toEqual([]);
  });

  it('refuses everyone but a TPI consultant, and customers that are not theirs alike', async () => {
    const cases: [string, string | null, number][] = [
      [`/rest/tpi/${first.id}`, null, 401],
      [`/rest/tpi/${first.id}`, tokens.plainConsultant, 403],
      [`/rest/tpi/${first.id}`, tokens.customer, 403],
      [`/rest/tpi/${first.id}`, tokens.admin, 403],
      [`/rest/tpi/${foreign.id}`, tokens.tpi, 403],
      ['/rest/tpi/2147483647', tokens.tpi, 403],
      ['/rest/tpi/0', tokens.tpi, 400],
      ['/rest/tpi/abc', tokens.tpi, 400],
    ];
    for (const [url, token, status] of cases) {
      const response = await get(url, token);
      expect({ url, status: response.statusCode }).toEqual({ url, status });
    }
  });
});

describe('GET /rest/tpi', () => {
  it("pages the consultant's customers by name with their data", async () => {
    const page0 = TpiPageSchema.parse((await get('/rest/tpi?page=0&size=2', tokens.tpi)).json());
    expect(page0).toMatchObject({ page: 0, size: 2, total: 3 });
    expect(page0.data.map((row) => row.customerName)).toEqual([first.name, second.name]);
    expect(page0.data[0]?.contracts).toHaveLength(2);
    const page1 = TpiPageSchema.parse((await get('/rest/tpi?page=1&size=2', tokens.tpi)).json());
    expect(page1.data.map((row) => row.customerId)).toEqual([third.id]);
    const past = TpiPageSchema.parse((await get('/rest/tpi?page=5&size=2', tokens.tpi)).json());
    expect(past).toMatchObject({ data: [], total: 3 });
  });

  it('refuses other roles and bad pages', async () => {
    expect((await get('/rest/tpi', tokens.plainConsultant)).statusCode).toBe(403);
    expect((await get('/rest/tpi', tokens.customer)).statusCode).toBe(403);
    expect((await get('/rest/tpi?size=201', tokens.tpi)).statusCode).toBe(400);
    expect((await get('/rest/tpi?page=-1', tokens.tpi)).statusCode).toBe(400);
  });
});

describe('GET /rest/tpi/{customerId}/users', () => {
  it("lists the customer users whose every customer is the consultant's", async () => {
    const response = await get(`/rest/tpi/${first.id}/users`, tokens.tpi);
    expect(response.statusCode).toBe(200);
    expect(TpiUserListSchema.parse(response.json()).map((user) => user.name)).toEqual([
      'Anna Bakker',
    ]);
    expect((await get(`/rest/tpi/${foreign.id}/users`, tokens.tpi)).statusCode).toBe(403);
    expect((await get(`/rest/tpi/${first.id}/users`, tokens.plainConsultant)).statusCode).toBe(403);
  });
});

describe('GET /rest/tpi/export', () => {
  it('writes the filtered lines as CSV, one per customer, contract and year', async () => {
    const response = await get('/rest/tpi/export?format=csv&commodity=Power', tokens.tpi);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^customerId,customer,contractId,commodity,/);
    expect(lines.slice(1).map((line) => line.split(',').slice(2, 7))).toEqual([
      ['KL-TPI-P', 'Power', 'Stroom Peak/Off-peak NL', '2027', '7.5'],
      ['KL-TPI-P', 'Power', 'Stroom Peak/Off-peak NL', '2028', '0'],
    ]);
  });

  it('writes XLSX, and only for a TPI consultant', async () => {
    const response = await get('/rest/tpi/export?format=xlsx&behind=10', tokens.tpi);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await get('/rest/tpi/export', tokens.customer)).statusCode).toBe(403);
    expect((await get('/rest/tpi/export?behind=101', tokens.tpi)).statusCode).toBe(400);
  });
});

describe('GET /rest/tpi ranked by risk (docs/risk.md)', () => {
  const page = async (query: string) => {
    const response = await get(`/rest/tpi?${query}`, tokens.tpi);
    expect(response.statusCode).toBe(200);
    return TpiPageSchema.parse(response.json());
  };
  const names = (result: { data: { customerName: string }[] }) =>
    result.data.map((customer) => customer.customerName);

  it('gives every customer its ranking figures when asked, and leaves them out otherwise', async () => {
    // By name and not asked: no risk figures, so the plain page costs no simulation.
    const plain = await page('size=10');
    expect(plain.data.map((customer) => customer.risk)).toEqual([undefined, undefined, undefined]);
    // Ranked: carried without asking.
    expect((await page('sort=-costAtRisk')).data[0]!.risk).toBeDefined();
    const result = await page('size=10&withRisk=true');
    const [bakkerij, metaal] = result.data;
    expect(Number(bakkerij!.risk!.costAtRisk)).toBeGreaterThan(0);
    expect(bakkerij!.risk).toMatchObject({ probabilityAboveBand: null, behindHedgePolicy: null });
    expect(metaal!.risk).toEqual({
      costAtRisk: null,
      probabilityAboveBand: null,
      behindHedgePolicy: null,
    });
    // The cockpit's row call leaves them out: it shows none of them.
    const one = TpiCustomerDataSchema.parse(
      (await get(`/rest/tpi/${first.id}`, tokens.tpi)).json(),
    );
    expect(one.risk).toBeUndefined();
  });

  it('sorts by a figure either way, customers without it last, then by name', async () => {
    expect(names(await page('sort=-costAtRisk'))).toEqual([
      'Aa Bakkerij B.V.',
      'Bb Metaal B.V.',
      'Cc Tuinbouw B.V.',
    ]);
    expect(names(await page('sort=-customer&size=2&page=0'))).toEqual([
      'Cc Tuinbouw B.V.',
      'Bb Metaal B.V.',
    ]);
    const second = await page('sort=-customer&size=2&page=1');
    expect(names(second)).toEqual(['Aa Bakkerij B.V.']);
    expect(second.total).toBe(3);
  });

  it('filters by minimums before paging', async () => {
    const atRisk = await page('minCostAtRisk=0.01');
    expect(names(atRisk)).toEqual(['Aa Bakkerij B.V.']);
    expect(atRisk.total).toBe(1);
    expect((await page('minBehindHedgePolicy=0')).total).toBe(0);
    expect((await page('minProbabilityAboveBand=0')).total).toBe(0);
  });

  it('refuses an unknown order and a percentage above 100', async () => {
    expect((await get('/rest/tpi?sort=risk', tokens.tpi)).statusCode).toBe(400);
    expect((await get('/rest/tpi?minProbabilityAboveBand=100.5', tokens.tpi)).statusCode).toBe(400);
    expect((await get('/rest/tpi?minCostAtRisk=-1', tokens.tpi)).statusCode).toBe(400);
    expect((await get('/rest/tpi?withRisk=yes', tokens.tpi)).statusCode).toBe(400);
  });
});
