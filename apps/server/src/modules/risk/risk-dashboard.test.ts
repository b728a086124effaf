import { afterEach, describe, expect, it } from 'vitest';
import { CustomerRiskSchema, pathTo, RISK_PATHS } from '@klik/api';
import { createContract, createCustomer, createOffers, createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * Two gas contracts of 2027, one on each of the customer's dashboards: the dashboard's summary
 * card covers one contract, so its P95 must be that contract's year alone.
 */
async function world() {
  t = await buildTestApp({
    clock: new TestClock(new Date('2026-11-23T10:00:00Z')),
    env: { RISK_PATHS: '2000' },
  });
  const customer = await createCustomer(t.db);
  const other = await createCustomer(t.db);
  const [main, branch] = customer.dashboards;
  const first = await createContract(t.db, {
    customerId: customer.id,
    years: [2027],
    dashboardIds: [main!.id],
  });
  const second = await createContract(t.db, {
    customerId: customer.id,
    years: [2027],
    dashboardIds: [branch!.id],
  });
  await createOffers(t.db, { product: 'TTF_GAS', yearOfSupply: 2027, otcPrice: '40' });
  const user = await createUser(t.db, { customerIds: [customer.id] });
  const token = (await login(t.app, user.username, user.password)).token;
  const get = (query: string, customerId = customer.id) =>
    t!.app.inject({
      method: 'GET',
      url: `${pathTo(RISK_PATHS.customer, { customerId })}${query}`,
      headers: bearer(token),
    });
  return { customer, other, main: main!, branch: branch!, first, second, get };
}

describe('GET /rest/risk/{customerId}?dashboardId=', () => {
  it("covers only the dashboard's contracts, the book being the dashboard's", async () => {
    const w = await world();
    const whole = CustomerRiskSchema.parse((await w.get('')).json());
    expect(whole.years.map((year) => year.contractIds)).toEqual([
      [w.first.contractId, w.second.contractId].sort(),
    ]);

    const response = await w.get(`?dashboardId=${w.main.id}`);
    expect(response.statusCode).toBe(200);
    const dashboard = CustomerRiskSchema.parse(response.json());
    expect(dashboard.years.map((year) => year.contractIds)).toEqual([[w.first.contractId]]);
    const [year] = dashboard.years;
    expect(year!.totalVolume).toBe(String(Number(whole.years[0]!.totalVolume) / 2));
    expect(year!.markToMarket.map((part) => part.contractId)).toEqual([w.first.contractId]);
    // One contract of two: half the expected cost, and the book is that year.
    expect(Number(dashboard.book!.expectedCost)).toBeCloseTo(
      Number(whole.book!.expectedCost) / 2,
      2,
    );
    expect(dashboard.book!.expectedCost).toBe(year!.distribution!.expectedCost);
  });

  it("refuses another customer's dashboard and bad ids, changing nothing", async () => {
    const w = await world();
    const foreign = w.other.dashboards[0]!.id;
    expect((await w.get(`?dashboardId=${foreign}`)).statusCode).toBe(404);
    expect((await w.get('?dashboardId=0')).statusCode).toBe(400);
    expect((await w.get('?dashboardId=abc')).statusCode).toBe(400);
    // The customer's own id check comes first: a foreign customer stays 403.
    expect((await w.get(`?dashboardId=${foreign}`, w.other.id)).statusCode).toBe(403);
  });
});
