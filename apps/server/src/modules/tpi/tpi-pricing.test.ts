import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TpiCustomerDataSchema } from '@klik/api';
import { createContract, createCustomer, createOffers, createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import { assignGasYearScenario, savePricingIds } from '../margins/margins-test-kit';
import { onPostgres } from '../../../test/test-database';

// Friday 2026-11-20 11:00 Amsterdam.
const FRIDAY_11 = '2026-11-20T10:00:00Z';

let t: TestApp;
let customerId: number;
let consultantToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date(FRIDAY_11)) });
  const { db } = t;
  const customer = await createCustomer(db, { name: 'Aa Kwekerij B.V.' });
  customerId = customer.id;
  await createContract(db, {
    customerId,
    contractId: 'KL-TPIM-G',
    commodity: 'Gas',
    markUp: '2',
    transactionFee: '0.25',
    years: [2027],
    monthlyVolume: '100',
  });
  await createContract(db, {
    customerId,
    contractId: 'KL-TPIM-P',
    commodity: 'Power',
    product: 'Groene stroom',
    markUp: '1.5',
    transactionFee: '0.1',
    years: [2027],
    monthlyVolume: '50',
  });
  await createOffers(db, { product: 'TTF_GAS', yearOfSupply: 2027, otcPrice: '35.5' });
  await createOffers(db, { product: 'NL_POWER_PEAK', yearOfSupply: 2027, otcPrice: '100.25' });
  await createOffers(db, { product: 'NL_POWER_OFFPEAK', yearOfSupply: 2027, otcPrice: '70' });
  const consultant = await createUser(db, {
    role: 'consultant',
    allowTPIPage: true,
    customerIds: [customerId],
  });
  const admin = await createUser(db, { role: 'admin' });
  consultantToken = (await login(t.app, consultant.username, consultant.password)).token;
  adminToken = (await login(t.app, admin.username, admin.password)).token;
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function currentPrices(): Promise<[string, string, string | null][]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/rest/tpi/${customerId}`,
    headers: bearer(consultantToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return TpiCustomerDataSchema.parse(response.json()).contracts.flatMap((contract) =>
    (contract.years[0]?.parts ?? []).map(
      (part) =>
        [contract.contractId, part.name, part.currentClickPrice] as [string, string, string | null],
    ),
  );
}

describe(`the TPI summary's current click price on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it("is the price a quote would get: the customer's scenario and the pricing IDs", async () => {
    // Without a scenario: the contract's own mark-up and fee on the default market products.
    expect(await currentPrices()).toEqual([
      ['KL-TPIM-G', 'Gas', '37.75'],
      ['KL-TPIM-P', 'Peak', '101.85'],
      ['KL-TPIM-P', 'OffPeak', '71.6'],
    ]);

    await assignGasYearScenario(t, adminToken, {
      markUp: '3',
      transactionFee: '0.5',
      customerIds: [customerId],
    });
    await savePricingIds(t, adminToken, [
      { product: 'Groene stroom', part: 'OffPeak', marketProduct: 'NL_POWER_PEAK' },
    ]);

    expect(await currentPrices()).toEqual([
      // 35.5 + the scenario's 3 + 0.5.
      ['KL-TPIM-G', 'Gas', '39'],
      // The scenario has no power lines: the contract's own.
      ['KL-TPIM-P', 'Peak', '101.85'],
      // Off-peak of this product is priced on Peak: 100.25 + 1.5 + 0.1.
      ['KL-TPIM-P', 'OffPeak', '101.85'],
    ]);
  });
});
