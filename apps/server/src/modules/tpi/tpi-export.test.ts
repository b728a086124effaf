import readXlsxFile from 'read-excel-file/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUDGET_PATHS, HEDGE_POLICY_PATHS, pathTo, TPI_PATHS } from '@klik/api';
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
 * Three customers of one TPI consultant: Aa with gas in 2027 half clicked at 30, a budget band and
 * a hedge policy asking 70% (all three risk figures); Bb with power fully clicked and no prices
 * (none of them); Cc with gas and no plan (a cost-at-risk only).
 */
async function world() {
  t = await buildTestApp({
    clock: new TestClock(new Date('2026-11-23T10:00:00Z')),
    env: { RISK_PATHS: '2000' },
  });
  const { db } = t;
  const planned = await createCustomer(db, { name: 'Aa Kas B.V.' });
  const clicked = await createCustomer(db, { name: 'Bb Staal B.V.' });
  const unplanned = await createCustomer(db, { name: 'Cc Bakker B.V.' });
  const gas = await createContract(db, { customerId: planned.id, years: [2027] });
  const power = await createContract(db, {
    customerId: clicked.id,
    commodity: 'Power',
    years: [2027],
    monthlyVolume: '10',
  });
  await createContract(db, { customerId: unplanned.id, years: [2027] });
  await createOffers(db, { product: 'TTF_GAS', yearOfSupply: 2027, otcPrice: '40' });
  await createClick(db, {
    contractId: gas.id,
    yearOfSupply: 2027,
    maturity: 'Y',
    parts: [{ part: 'Gas', volume: '600', price: '30' }],
  });
  await createClick(db, {
    contractId: power.id,
    yearOfSupply: 2027,
    maturity: 'Y',
    parts: [
      { part: 'Peak', volume: '60', price: '90' },
      { part: 'OffPeak', volume: '60', price: '70' },
    ],
  });
  const customerIds = [planned.id, clicked.id, unplanned.id];
  const consultant = await createUser(db, { role: 'consultant', allowTPIPage: true, customerIds });
  const buyer = await createUser(db, { customerIds: [planned.id] });
  const buyerAuth = bearer((await login(t.app, buyer.username, buyer.password)).token);
  const plan = { customerId: planned.id, contractId: gas.contractId, yearOfSupply: 2027 };
  const budget = await t.app.inject({
    method: 'PUT',
    url: pathTo(BUDGET_PATHS.budget, plan),
    headers: buyerAuth,
    payload: { budgetPrice: '35', lowerBound: '30', upperBound: '38' },
  });
  expect(budget.statusCode).toBe(200);
  const policy = await t.app.inject({
    method: 'PUT',
    url: pathTo(HEDGE_POLICY_PATHS.policy, plan),
    headers: buyerAuth,
    payload: { points: [{ date: '2026-01-01', minShare: '70', maxShare: null }] },
  });
  expect(policy.statusCode).toBe(200);
  const auth = bearer((await login(t.app, consultant.username, consultant.password)).token);
  const app = t.app;
  const exported = (query: string) =>
    app.inject({ method: 'GET', url: `${TPI_PATHS.export}?${query}`, headers: auth });
  return { app, planned, clicked, unplanned, exported };
}

const RISK_COLUMNS = ['costAtRisk', 'probabilityAboveBand', 'behindHedgePolicy'];

describe('GET /rest/tpi/export with the risk figures (docs/tpi.md)', () => {
  it("gives each line its customer's ranking figures, empty where a figure does not exist", async () => {
    const w = await world();
    const ranking = await w.app.risk.service.ranking([w.planned.id, w.unplanned.id]);
    const planned = ranking.get(w.planned.id)!;
    // The buyer's 50% against the policy's 70%; the band within reach of the paths.
    expect(planned.behindHedgePolicy).toBe('20');
    expect(Number(planned.costAtRisk)).toBeGreaterThan(0);
    expect(Number(planned.probabilityAboveBand)).toBeGreaterThan(0);
    const unplanned = ranking.get(w.unplanned.id)!;
    expect(Number(unplanned.costAtRisk)).toBeGreaterThan(0);

    const response = await w.exported('format=csv');
    expect(response.statusCode).toBe(200);
    const [heading, ...rows] = response.body
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(heading!.slice(-3)).toEqual(RISK_COLUMNS);
    expect(rows.map((row) => [row[1], ...row.slice(-3)])).toEqual([
      ['Aa Kas B.V.', planned.costAtRisk, planned.probabilityAboveBand, planned.behindHedgePolicy],
      // Fully clicked without a price today: no distribution, no band, no policy.
      ['Bb Staal B.V.', '', '', ''],
      ['Cc Bakker B.V.', unplanned.costAtRisk, '', ''],
    ]);

    const xlsx = await w.exported('format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const [sheet] = await readXlsxFile(xlsx.rawPayload);
    expect(sheet!.data[0]!.slice(-3)).toEqual(RISK_COLUMNS);
    expect(sheet!.data[1]!.slice(-3)).toEqual([
      Number(planned.costAtRisk),
      Number(planned.probabilityAboveBand),
      20,
    ]);
    expect(sheet!.data[2]!.slice(-3)).toEqual([null, null, null]);
  });

  it("computes the figures only for the customers the cockpit's filter and order keep", async () => {
    const w = await world();
    const ranking = vi.spyOn(w.app.risk.service, 'ranking');
    const gas = await w.exported('format=csv&commodity=Gas&sort=-customer');
    expect(gas.statusCode).toBe(200);
    expect(ranking).toHaveBeenCalledTimes(1);
    expect(ranking).toHaveBeenCalledWith([w.unplanned.id, w.planned.id]);
    const names = gas.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(names).toEqual(['Cc Bakker B.V.', 'Aa Kas B.V.']);

    ranking.mockClear();
    const none = await w.exported('format=csv&year=2030');
    expect(none.body.trimEnd().split('\r\n')).toHaveLength(1);
    expect(ranking).not.toHaveBeenCalled();
  });
});
