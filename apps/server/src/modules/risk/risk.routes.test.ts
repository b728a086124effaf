import readXlsxFile from 'read-excel-file/node';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUDGET_PATHS,
  ClickEffectSchema,
  CustomerRiskSchema,
  HEDGE_POLICY_PATHS,
  pathTo,
  RISK_PATHS,
} from '@klik/api';
import {
  createClick,
  createContract,
  createCustomer,
  createOffers,
  createUser,
} from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * A gas customer with 1200 MWh in 2027 (mark-up 2, fee 0.25), half of it clicked at 30 and the
 * year offered at 40 (click price 42.25): expected 600 x 30 + 600 x 42.25 = 43350. And 2028, fully
 * clicked at 35.
 */
async function world(env: Record<string, string> = {}) {
  t = await buildTestApp({
    clock: new TestClock(new Date('2026-11-23T10:00:00Z')),
    env: { RISK_PATHS: '2000', ...env },
  });
  const customer = await createCustomer(t.db);
  const other = await createCustomer(t.db);
  const contract = await createContract(t.db, { customerId: customer.id, years: [2027, 2028] });
  const foreign = await createContract(t.db, { customerId: other.id, years: [2027] });
  await createOffers(t.db, { product: 'TTF_GAS', yearOfSupply: 2027, otcPrice: '40' });
  await createOffers(t.db, { product: 'TTF_GAS', yearOfSupply: 2028, otcPrice: '38' });
  await createClick(t.db, {
    contractId: contract.id,
    yearOfSupply: 2027,
    maturity: 'Y',
    parts: [{ part: 'Gas', volume: '600', price: '30' }],
  });
  await createClick(t.db, {
    contractId: contract.id,
    yearOfSupply: 2028,
    maturity: 'Y',
    parts: [{ part: 'Gas', volume: '1200', price: '35' }],
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
  const get = async (u: { username: string; password: string }, customerId = customer.id) =>
    t!.app.inject({
      method: 'GET',
      url: pathTo(RISK_PATHS.customer, { customerId }),
      headers: bearer(await token(u)),
    });
  return { t, customer, contract, foreign, users, token, get };
}

describe('GET /rest/risk/{customerId}', () => {
  it('answers mark-to-market, the distribution and the stress per year and for the book', async () => {
    const w = await world();
    const response = await w.get(w.users.user);
    expect(response.statusCode).toBe(200);
    const risk = CustomerRiskSchema.parse(response.json());
    expect(risk.years.map((year) => [year.commodity, year.yearOfSupply])).toEqual([
      ['Gas', 2027],
      ['Gas', 2028],
    ]);
    const [y2027, y2028] = risk.years;
    expect(y2027).toMatchObject({
      contractIds: [w.contract.contractId],
      totalVolume: '1200',
      openVolume: '600',
      fixedCost: '18000.00',
    });
    // The last deadline of the open months: M12 2027, on the last trading day of November.
    expect(y2027!.horizonDays).toBe(372);
    expect(y2027!.markToMarket).toEqual([
      {
        contractId: w.contract.contractId,
        yearOfSupply: 2027,
        part: 'Gas',
        clickedVolume: '600',
        averageClickPrice: '30',
        todayClickPrice: '42.25',
        result: '7350',
        resultPerMwh: '12.25',
        openVolume: '600',
        openValue: '25350.00',
      },
    ]);
    const distribution = y2027!.distribution!;
    expect(distribution.expectedCost).toBe('43350.00');
    expect(Math.abs(Number(distribution.mean) / 43350 - 1)).toBeLessThan(0.02);
    expect(Number(distribution.p95)).toBeGreaterThan(43350);
    expect(distribution.costAtRisk).toBe((Number(distribution.p95) - 43350).toFixed(2));
    expect(distribution.probabilityAboveBand).toBeNull();
    expect(distribution.stress.find((one) => one.scenario === 'PLUS_50')).toEqual({
      scenario: 'PLUS_50',
      // 18000 + 600 x (42.25 + 20)
      totalCost: '55350.00',
      averagePrice: '46.125',
    });
    // Fully clicked: nothing at risk.
    expect(y2028!.distribution).toMatchObject({
      expectedCost: '42000.00',
      p5: '42000.00',
      p95: '42000.00',
      costAtRisk: '0.00',
    });
    expect(y2028!.horizonDays).toBeNull();
    expect(risk.book!.expectedCost).toBe('85350.00');
    expect(risk.book!.costAtRisk).toBe(distribution.costAtRisk);
    expect(risk.method).toMatchObject({ paths: 2000, seed: 29, windowDays: 120 });
    expect(risk.method.volatilities).toContainEqual({
      product: 'TTF_GAS',
      annualVolatility: '70',
      observations: 0,
      fallback: true,
    });
    expect(risk.asOf).toBe('2026-11-20T09:00:00.000Z');
  });

  it('gives the same figures for the same seed, on every database, and others for another', async () => {
    const w = await world();
    const figures = async () => {
      const risk = CustomerRiskSchema.parse((await w.get(w.users.user)).json());
      return risk.years[0]!.distribution!;
    };
    const first = await figures();
    // Pinned: PGlite and PostgreSQL (TEST_DATABASE_URL) must both give exactly these.
    expect([first.p5, first.p50, first.p95, first.mean]).toEqual(PINNED);
    expect(await figures()).toEqual(first);
    await t!.close();
    const reseeded = await world({ RISK_SEED: '30' });
    const risk = CustomerRiskSchema.parse((await reseeded.get(reseeded.users.user)).json());
    expect(risk.years[0]!.distribution!.p95).not.toBe(first.p95);
    expect(risk.method.seed).toBe(30);
  });

  it('is for whoever sees the customer, as the positions', async () => {
    const w = await world();
    for (const who of [w.users.user, w.users.consultant, w.users.manager, w.users.admin]) {
      expect((await w.get(who)).statusCode).toBe(200);
    }
    expect((await w.get(w.users.stranger)).statusCode).toBe(403);
    expect((await w.get(w.users.otherManager)).statusCode).toBe(403);
    expect((await w.get(w.users.stranger, 999_999)).statusCode).toBe(403);
    expect((await w.get(w.users.admin, 999_999)).statusCode).toBe(404);
    const anonymous = await w.t.app.inject({
      method: 'GET',
      url: pathTo(RISK_PATHS.customer, { customerId: w.customer.id }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('says how likely the year ends above its budget band and how far behind its policy it is', async () => {
    const w = await world();
    const auth = bearer(await w.token(w.users.user));
    const budget = await w.t.app.inject({
      method: 'PUT',
      url: pathTo(BUDGET_PATHS.budget, {
        customerId: w.customer.id,
        contractId: w.contract.contractId,
        yearOfSupply: 2027,
      }),
      headers: auth,
      payload: { budgetPrice: '35', lowerBound: '30', upperBound: '38' },
    });
    expect(budget.statusCode).toBe(200);
    const risk = CustomerRiskSchema.parse((await w.get(w.users.user)).json());
    const distribution = risk.years[0]!.distribution!;
    expect(distribution.upperBand).toBe('38');
    // Expected 36.125 against 38: well below half of the paths end above it.
    const share = Number(distribution.probabilityAboveBand);
    expect(share).toBeGreaterThan(5);
    expect(share).toBeLessThan(50);
    expect(risk.book!.probabilityAboveBand).toBeNull();
    const policy = await w.t.app.inject({
      method: 'PUT',
      url: pathTo(HEDGE_POLICY_PATHS.policy, {
        customerId: w.customer.id,
        contractId: w.contract.contractId,
        yearOfSupply: 2027,
      }),
      headers: auth,
      payload: { points: [{ date: '2026-01-01', minShare: '70', maxShare: null }] },
    });
    expect(policy.statusCode).toBe(200);
    const ranking = await w.t.app.risk.service.ranking([w.customer.id]);
    expect(ranking.get(w.customer.id)).toEqual({
      costAtRisk: risk.book!.costAtRisk,
      probabilityAboveBand: distribution.probabilityAboveBand,
      behindHedgePolicy: '20',
    });
  });
});

describe('POST /rest/risk/{customerId}/clickEffect', () => {
  const post = async (w: Awaited<ReturnType<typeof world>>, payload: object, customerId?: number) =>
    w.t.app.inject({
      method: 'POST',
      url: pathTo(RISK_PATHS.clickEffect, { customerId: customerId ?? w.customer.id }),
      headers: bearer(await w.token(w.users.user)),
      payload,
    });
  const click = (contractId: string, volume: string) => ({
    contractId,
    yearOfSupply: 2027,
    maturity: 'Y',
    parts: [{ name: 'Gas', volume }],
  });

  it('shows the year now and with the click fixed at today’s click price', async () => {
    const w = await world();
    const risk = CustomerRiskSchema.parse((await w.get(w.users.user)).json());
    const response = await post(w, click(w.contract.contractId, '300'));
    expect(response.statusCode).toBe(200);
    const effect = ClickEffectSchema.parse(response.json());
    expect(effect.before).toEqual(risk.years[0]!.distribution);
    expect(effect.after!.expectedCost).toBe('43350.00');
    // Half the open volume left: half the cost-at-risk, to the cent of rounding.
    expect(Number(effect.after!.costAtRisk)).toBeCloseTo(Number(effect.before!.costAtRisk) / 2, 0);
    const all = ClickEffectSchema.parse(
      (await post(w, click(w.contract.contractId, '600'))).json(),
    );
    expect(all.after).toMatchObject({ costAtRisk: '0.00', p95: '43350.00' });
  });

  it('refuses a contract that is not the customer’s and a negative volume', async () => {
    const w = await world();
    expect((await post(w, click(w.foreign.contractId, '10'))).statusCode).toBe(404);
    const negative = await post(w, click(w.contract.contractId, '-10'));
    expect(negative.statusCode).toBe(400);
    expect(
      (await post(w, click(w.contract.contractId, '10'), w.foreign.customerId)).statusCode,
    ).toBe(403);
  });
});

describe('GET /rest/risk/{customerId}/export', () => {
  it('writes the figures as CSV with headings in the language asked for, or as XLSX', async () => {
    const w = await world();
    const auth = bearer(await w.token(w.users.user));
    const url = pathTo(RISK_PATHS.export, { customerId: w.customer.id });
    const csv = await w.t.app.inject({
      method: 'GET',
      url: `${url}?format=csv&locale=en`,
      headers: auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    // Two tables, the second after an empty line: the years and the book, then mark-to-market.
    const [figures, markToMarket] = csv.body.trimEnd().split('\r\n\r\n');
    const lines = figures!.split('\r\n');
    expect(lines[0]).toContain('Year of supply');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^Gas,2027,/);
    expect(lines[3]).toMatch(/^Book,/);
    const contractId = w.contract.contractId;
    expect(markToMarket!.split('\r\n')).toEqual([
      'Commodity,Contract,Year of supply,Part,Clicked volume (MWh),Average click price (EUR/MWh),' +
        'Click price today (EUR/MWh),Result of the clicks (EUR),Result of the clicks (EUR/MWh),' +
        "Open volume (MWh),Open volume at today's price (EUR)",
      // 600 MWh clicked at 30 against 42.25 today; 600 open at 42.25.
      `Gas,${contractId},2027,Gas,600,30,42.25,7350,12.25,600,25350.00`,
      // All 1200 clicked at 35 against 38 + 2 + 0.25 today.
      `Gas,${contractId},2028,Gas,1200,35,40.25,6300,5.25,0,0.00`,
    ]);
    const nl = await w.t.app.inject({ method: 'GET', url, headers: auth });
    const [nlFigures, nlMarkToMarket] = nl.body.split('\r\n\r\n');
    expect(nlFigures!.split('\r\n')[0]).toContain('Leveringsjaar');
    expect(nlMarkToMarket!.split('\r\n')[0]).toContain('Resultaat klikken (EUR)');
    const xlsx = await w.t.app.inject({ method: 'GET', url: `${url}?format=xlsx`, headers: auth });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const sheets = await readXlsxFile(xlsx.rawPayload);
    expect(sheets.map((one) => one.sheet)).toEqual(['Risico', 'Marktwaarde']);
    expect(sheets[0]!.data[0]).toContain('Leveringsjaar');
    expect(sheets[0]!.data).toHaveLength(4);
    // The same headings as the Dutch CSV's second table, and the same figures as numbers.
    expect(sheets[1]!.data).toEqual([
      nlMarkToMarket!.split('\r\n')[0]!.split(','),
      ['Gas', contractId, 2027, 'Gas', 600, 30, 42.25, 7350, 12.25, 600, 25350],
      ['Gas', contractId, 2028, 'Gas', 1200, 35, 40.25, 6300, 5.25, 0, 0],
    ]);
    const stranger = await w.t.app.inject({
      method: 'GET',
      url,
      headers: bearer(await w.token(w.users.stranger)),
    });
    expect(stranger.statusCode).toBe(403);
  });
});

const PINNED = ['25154.73', '37813.25', '77815.39', '42860.31'];
