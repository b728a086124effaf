import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractDataSchema, ResultsSchema, type ContractData } from '@klik/api';
import { createContract, createCustomer, createOffers, createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import { savePricingIds } from '../margins/margins-test-kit';
import { customerAccessOf } from '../realtime/realtime.repository';
import { onPostgres } from '../../../test/test-database';

// Friday 2026-11-20 11:00 Amsterdam.
const FRIDAY_11 = '2026-11-20T10:00:00Z';

let t: TestApp;
let customerId: number;
let customerToken: string;
let userId: number;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date(FRIDAY_11)) });
  const { db } = t;
  customerId = (await createCustomer(db)).id;
  await createContract(db, {
    customerId,
    contractId: 'KL-PID-1',
    commodity: 'Power',
    product: 'Groene stroom',
    markUp: '2',
    transactionFee: '0.25',
    years: [2027],
    monthlyVolume: '10',
  });
  await createOffers(db, { product: 'NL_POWER_PEAK', yearOfSupply: 2027, otcPrice: '80' });
  await createOffers(db, { product: 'NL_POWER_OFFPEAK', yearOfSupply: 2027, otcPrice: '60' });
  await db
    .insertInto('market_prices')
    .values(
      (['NL_POWER_PEAK', 'NL_POWER_OFFPEAK'] as const).map((product) => ({
        product,
        year_of_supply: 2027,
        maturity: 'Y',
        market: 'OTC' as const,
        price: product === 'NL_POWER_PEAK' ? '80' : '60',
        at: new Date('2026-11-19T10:00:00Z'),
        source: 'INGEST' as const,
      })),
    )
    .execute();
  const user = await createUser(db, { role: 'customer', customerIds: [customerId] });
  const admin = await createUser(db, { role: 'admin' });
  userId = user.id;
  customerToken = (await login(t.app, user.username, user.password)).token;
  adminToken = (await login(t.app, admin.username, admin.password)).token;
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function contract(): Promise<ContractData> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/rest/contractData/contract/${customerId}/KL-PID-1`,
    headers: bearer(customerToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return ContractDataSchema.parse(response.json());
}

/** Per part of the year position: market price and click price of the OTC offer. */
function yearOffers(data: ContractData) {
  const year = data.statusPerContract.yearStatuses.find((status) => status.yearOfSupply === 2027);
  return year?.contractParts.map((part) => [
    part.name,
    part.offerPart?.marketPrice,
    part.offerPart?.clickPrice,
  ]);
}

/** The market products whose priceUpdate the user's socket receives. */
async function liveProducts(): Promise<string[]> {
  return [...((await customerAccessOf(t.db, [userId])).get(userId)?.products ?? [])].sort();
}

async function resultsMarket(): Promise<[string, string | undefined][]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/rest/results/${customerId}`,
    headers: bearer(customerToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  const [entry] = ResultsSchema.parse(response.json()).data;
  return (entry?.parts ?? []).map((part) => [part.name, part.market[0]?.price]);
}

describe(`positions priced through the pricing IDs on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it("shows each part at its pricing ID's market product and names it for live prices", async () => {
    const before = await contract();
    expect(before.marketProducts).toEqual({ Peak: 'NL_POWER_PEAK', OffPeak: 'NL_POWER_OFFPEAK' });
    expect(yearOffers(before)).toEqual([
      ['Peak', '80', '82.25'],
      ['OffPeak', '60', '62.25'],
    ]);
    expect(await resultsMarket()).toEqual([
      ['Peak', '80'],
      ['OffPeak', '60'],
    ]);
    expect(await liveProducts()).toEqual(['NL_POWER_OFFPEAK', 'NL_POWER_PEAK']);

    // This product's Off-peak is priced on Peak from now on: the cached view is prepared again.
    await savePricingIds(t, adminToken, [
      { product: 'Groene stroom', part: 'OffPeak', marketProduct: 'NL_POWER_PEAK' },
    ]);
    const after = await contract();
    expect(after.marketProducts).toEqual({ Peak: 'NL_POWER_PEAK', OffPeak: 'NL_POWER_PEAK' });
    expect(yearOffers(after)).toEqual([
      ['Peak', '80', '82.25'],
      ['OffPeak', '80', '82.25'],
    ]);
    expect(await resultsMarket()).toEqual([
      ['Peak', '80'],
      ['OffPeak', '80'],
    ]);
    expect(await liveProducts()).toEqual(['NL_POWER_PEAK']);
  });
});
