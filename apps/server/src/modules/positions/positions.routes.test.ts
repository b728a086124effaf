import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContractDataListSchema,
  ContractDataSchema,
  ContractSummaryListSchema,
  type ContractData,
  type Status,
} from '@klik/api';
import { toDec, type Maturity } from '@klik/domain';
import {
  createClick,
  createContract,
  createCustomer,
  createOffers,
  createUser,
  type BuiltContract,
  type BuiltCustomer,
  type BuiltUser,
} from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';

// Friday 2026-11-20 11:00 Amsterdam: a trading day with the OTC and ICE end-of-day sessions open.
const FRIDAY_11 = '2026-11-20T10:00:00Z';

let t: TestApp;
let customerA: BuiltCustomer;
let customerB: BuiltCustomer;
let gas: BuiltContract;
let power: BuiltContract;
let pendingGas: BuiltContract;
let otherCustomers: BuiltContract;
let users: Record<keyof typeof tokens, BuiltUser>;
const tokens: Record<'customer' | 'viewer' | 'noClick' | 'other' | 'admin' | 'manager', string> = {
  customer: '',
  viewer: '',
  noClick: '',
  other: '',
  admin: '',
  manager: '',
};

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date(FRIDAY_11)) });
  const { db } = t;
  customerA = await createCustomer(db, { dashboards: ['Hoofdlocatie', 'Nevenvestiging'] });
  customerB = await createCustomer(db, { dashboards: ['Elders'] });
  const [d1, d2] = customerA.dashboards.map((dashboard) => dashboard.id);

  gas = await createContract(db, {
    customerId: customerA.id,
    contractId: 'KL-A001',
    commodity: 'Gas',
    clickType: null,
    clickOption: 'PRE_EOD',
    markUp: '2',
    transactionFee: '0.25',
    years: [2026, 2027],
    monthlyVolume: '100',
    dashboardIds: [d1!],
  });
  power = await createContract(db, {
    customerId: customerA.id,
    contractId: 'KL-A002',
    commodity: 'Power',
    clickType: 'QUARTER',
    clickOption: 'OTC_ONLY',
    markUp: '1.5',
    transactionFee: '0.1',
    years: [2027, 2028],
    monthlyVolume: '50',
    dashboardIds: [d1!, d2!],
  });
  pendingGas = await createContract(db, {
    customerId: customerA.id,
    contractId: 'KL-A003',
    commodity: 'Gas',
    clickType: 'ALL',
    clickOption: 'PRE_EOD_AND_OVERNIGHT',
    years: [2027, 2028],
    dashboardIds: [d2!],
  });
  otherCustomers = await createContract(db, {
    customerId: customerB.id,
    contractId: 'KL-B001',
    dashboardIds: [customerB.dashboards[0]!.id],
  });

  await createOffers(db, {
    product: 'TTF_GAS',
    yearOfSupply: 2026,
    otcPrice: '35.5',
    icePrice: '36.1',
  });
  await createOffers(db, {
    product: 'TTF_GAS',
    yearOfSupply: 2027,
    otcPrice: '35.5',
    icePrice: '36.1',
  });
  // 2028 gas is offered on OTC without a price yet, and not on ICE.
  await createOffers(db, {
    product: 'TTF_GAS',
    yearOfSupply: 2028,
    otcPrice: null,
    markets: ['OTC'],
  });
  await createOffers(db, {
    product: 'NL_POWER_PEAK',
    yearOfSupply: 2027,
    otcPrice: '100.25',
    icePrice: '101',
  });
  await createOffers(db, {
    product: 'NL_POWER_OFFPEAK',
    yearOfSupply: 2027,
    otcPrice: '70.125',
    icePrice: '71',
  });
  // No power offers at all for 2028.

  // Gas 2027: a manual year click of 600 MWh (50 per month), then an auto-click filling January.
  await createClick(db, {
    contractId: gas.id,
    yearOfSupply: 2027,
    maturity: 'Y',
    parts: [{ part: 'Gas', volume: '600', price: '37.75' }],
    createdAt: new Date('2026-06-01T09:00:00Z'),
  });
  await createClick(db, {
    contractId: gas.id,
    yearOfSupply: 2027,
    maturity: 'M1',
    auto: true,
    parts: [{ part: 'Gas', volume: '50', price: '40' }],
    createdAt: new Date('2026-09-15T08:30:00Z'),
  });
  // Power Q2 2027: the whole peak part, none of the off-peak part.
  await createClick(db, {
    contractId: power.id,
    yearOfSupply: 2027,
    maturity: 'Q2',
    parts: [{ part: 'Peak', volume: '150', price: '103' }],
  });
  await createClick(db, {
    contractId: pendingGas.id,
    yearOfSupply: 2027,
    maturity: 'Q1',
    status: 'IN_PROGRESS',
    parts: [],
    createdAt: new Date('2026-11-20T09:55:00Z'),
  });

  users = {
    customer: await createUser(db, { customerIds: [customerA.id] }),
    viewer: await createUser(db, { customerIds: [customerA.id], readOnly: true }),
    noClick: await createUser(db, { customerIds: [customerA.id] }),
    other: await createUser(db, { customerIds: [customerB.id] }),
    admin: await createUser(db, { role: 'admin' }),
    // An account manager whose portfolio holds customer A only.
    manager: await createUser(db, { role: 'accountmanager', customerIds: [customerA.id] }),
  };
  await db
    .updateTable('users')
    .set({ click_authorized: false })
    .where('id', '=', users.noClick.id)
    .execute();
  for (const [name, user] of Object.entries(users)) {
    tokens[name as keyof typeof tokens] = (await login(t.app, user.username, user.password)).token;
  }
});

afterAll(async () => {
  await t.close();
});

async function get(url: string, token: string | null = tokens.customer) {
  return t.app.inject({ method: 'GET', url, headers: token === null ? {} : bearer(token) });
}

async function customerContracts(token = tokens.customer): Promise<ContractData[]> {
  const response = await get(`/rest/contractData/${customerA.id}`, token);
  expect(response.statusCode).toBe(200);
  return ContractDataListSchema.parse(response.json());
}

function contractOf(list: ContractData[], contractId: string): ContractData {
  const found = list.find((contract) => contract.contractId === contractId);
  if (!found) throw new Error(`no contract ${contractId} in the answer`);
  return found;
}

function allStatuses(contract: ContractData): Status[] {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  return [...yearStatuses, ...quarterStatuses, ...monthStatuses];
}

function statusOf(contract: ContractData, year: number, maturity: Maturity): Status {
  const found = allStatuses(contract).find(
    (status) => status.yearOfSupply === year && status.maturity === maturity,
  );
  if (!found) throw new Error(`no status ${maturity} ${year} for ${contract.contractId}`);
  return found;
}

function reasonOf(contract: ContractData, year: number, maturity: Maturity) {
  const status = statusOf(contract, year, maturity);
  return status.clickable ? 'clickable' : status.disableClickReason;
}

function eq(actual: string | null | undefined, expected: string): boolean {
  return actual != null && toDec(actual).eq(toDec(expected));
}

describe('contract data of a customer', () => {
  it('lists every contract of the customer with every maturity of every year of supply', async () => {
    const list = await customerContracts();
    expect(list.map((contract) => contract.contractId)).toEqual(['KL-A001', 'KL-A002', 'KL-A003']);
    const gasData = contractOf(list, 'KL-A001');
    expect(gasData).toMatchObject({
      customerId: customerA.id,
      commodity: 'Gas',
      clickType: null,
      clickOption: 'PRE_EOD',
      yearsOfSupply: [2026, 2027],
      runOut: true,
    });
    const { yearStatuses, quarterStatuses, monthStatuses } = gasData.statusPerContract;
    expect(yearStatuses.map((s) => `${s.yearOfSupply}/${s.maturity}`)).toEqual([
      '2026/Y',
      '2027/Y',
    ]);
    expect(quarterStatuses).toHaveLength(8);
    expect(monthStatuses.map((s) => s.maturity).slice(0, 12)).toEqual([
      'M1',
      'M2',
      'M3',
      'M4',
      'M5',
      'M6',
      'M7',
      'M8',
      'M9',
      'M10',
      'M11',
      'M12',
    ]);
    expect(monthStatuses).toHaveLength(24);
    for (const status of allStatuses(gasData)) {
      expect(status.contractParts.map((part) => part.name)).toEqual(['Gas']);
    }
    const powerData = contractOf(list, 'KL-A002');
    for (const status of allStatuses(powerData)) {
      expect(status.contractParts.map((part) => part.name)).toEqual(['Peak', 'OffPeak']);
    }
  });

  it('sums the months of each maturity: clicked and open add up to the total per part', async () => {
    const gasData = contractOf(await customerContracts(), 'KL-A001');
    const year = statusOf(gasData, 2027, 'Y');
    expect(year.contractParts[0]).toMatchObject({
      totalVolume: '1200',
      clickedVolume: '650',
      volumeNotClicked: '550',
    });
    // (600 x 37.75 + 50 x 40) / 650 = 37.923076..., to 4 decimals.
    expect(year.contractParts[0]!.weightedAvgClickPrice).toBe('37.9231');
    // Sent with 4 decimals (docs/domain.md, Percentages).
    expect(year.clickedPercentage).toBe('54.1667');
    // 50 of the 650 clicked MWh came from auto-click.
    expect(year.autoclickPercentage).toBe('7.6923');

    const q1 = statusOf(gasData, 2027, 'Q1');
    expect(q1.contractParts[0]).toMatchObject({ totalVolume: '300', clickedVolume: '200' });
    const january = statusOf(gasData, 2027, 'M1');
    expect(january.contractParts[0]).toMatchObject({
      totalVolume: '100',
      clickedVolume: '100',
      volumeNotClicked: '0',
    });
    expect(january.autoclickPercentage).toBe('50');
    expect(january.contractParts[0]!.weightedAvgClickPrice).toBe('38.875');
    const untouched = statusOf(gasData, 2026, 'M12');
    expect(untouched.contractParts[0]).toMatchObject({
      clickedVolume: '0',
      weightedAvgClickPrice: null,
    });
    expect(untouched.clickedPercentage).toBe('0');

    for (const contract of await customerContracts()) {
      for (const status of allStatuses(contract)) {
        for (const part of status.contractParts) {
          expect(toDec(part.clickedVolume).plus(part.volumeNotClicked).eq(part.totalVolume)).toBe(
            true,
          );
        }
      }
    }
  });

  it('prices every part: click price = market price + mark-up + transaction fee, per market', async () => {
    const list = await customerContracts();
    const gasPart = statusOf(contractOf(list, 'KL-A001'), 2027, 'Q3').contractParts[0]!;
    expect(gasPart.offerPart).toEqual({
      marketPrice: '35.5',
      clickPrice: '37.75',
      quotedAt: '2026-11-20T09:00:00.000Z',
    });
    expect(gasPart.iceOfferPart).toMatchObject({ marketPrice: '36.1', clickPrice: '38.35' });
    const [peak, offPeak] = statusOf(contractOf(list, 'KL-A002'), 2027, 'Q1').contractParts;
    expect(peak!.offerPart).toMatchObject({ marketPrice: '100.25', clickPrice: '101.85' });
    expect(offPeak!.offerPart).toMatchObject({ marketPrice: '70.125', clickPrice: '71.725' });
    // An offer without a price has no click price; no offer at all is null.
    const noPrice = statusOf(contractOf(list, 'KL-A003'), 2028, 'Q1').contractParts[0]!;
    expect(noPrice.offerPart).toMatchObject({ marketPrice: null, clickPrice: null });
    expect(noPrice.iceOfferPart).toBeNull();
    expect(
      statusOf(contractOf(list, 'KL-A002'), 2028, 'Q1').contractParts[0]!.offerPart,
    ).toBeNull();
  });

  it('lists the clicks, pending ones as in progress', async () => {
    const list = await customerContracts();
    expect(contractOf(list, 'KL-A001').clicks).toEqual([
      {
        contractId: 'KL-A001',
        maturity: 'Y',
        yearOfSupply: 2027,
        inProgress: false,
        date: '2026-06-01T09:00:00.000Z',
      },
      {
        contractId: 'KL-A001',
        maturity: 'M1',
        yearOfSupply: 2027,
        inProgress: false,
        date: '2026-09-15T08:30:00.000Z',
      },
    ]);
    expect(contractOf(list, 'KL-A003').clicks).toEqual([
      expect.objectContaining({ maturity: 'Q1', yearOfSupply: 2027, inProgress: true }),
    ]);
  });

  it('decides every status with the domain: DC_21, DC_12, DC_10, DC_11, DC_31, DC_22, DC_23', async () => {
    const list = await customerContracts();
    const gasData = contractOf(list, 'KL-A001');
    // 2026: everything before December has passed its deadline; December is open until 30 Nov.
    for (const maturity of ['Y', 'Q1', 'Q4', 'M1', 'M11'] as const) {
      expect(reasonOf(gasData, 2026, maturity)).toBe('DC_21');
    }
    expect(reasonOf(gasData, 2026, 'M12')).toBe('clickable');
    expect(reasonOf(gasData, 2027, 'M1')).toBe('DC_12');
    expect(reasonOf(gasData, 2027, 'Y')).toBe('clickable');
    expect(reasonOf(gasData, 2027, 'M2')).toBe('clickable');

    const powerData = contractOf(list, 'KL-A002');
    expect(reasonOf(powerData, 2027, 'Y')).toBe('DC_10');
    expect(reasonOf(powerData, 2027, 'M4')).toBe('DC_10');
    expect(reasonOf(powerData, 2027, 'Q2')).toBe('DC_11');
    expect(reasonOf(powerData, 2027, 'Q1')).toBe('clickable');
    expect(reasonOf(powerData, 2028, 'Q1')).toBe('DC_22');

    const pendingData = contractOf(list, 'KL-A003');
    for (const maturity of ['Y', 'Q1', 'M1', 'M3'] as const) {
      expect(reasonOf(pendingData, 2027, maturity)).toBe('DC_31');
    }
    expect(reasonOf(pendingData, 2027, 'Q2')).toBe('clickable');
    expect(reasonOf(pendingData, 2027, 'M4')).toBe('clickable');
    expect(reasonOf(pendingData, 2028, 'Q1')).toBe('DC_23');
  });

  it('answers DC_36 outside the window and follows the clock across its edges', async () => {
    // Sessions expire when the clock jumps, so each instant signs in afresh.
    const signInAt = async (at: string) => {
      t.clock.set(at);
      return (await login(t.app, users.customer.username, users.customer.password)).token;
    };
    const powerAt = async (at: string) => {
      const token = await signInAt(at);
      return reasonOf(contractOf(await customerContracts(token), 'KL-A002'), 2027, 'Q1');
    };
    try {
      // OTC_ONLY: open until 16:00 Amsterdam (15:00 UTC), start inclusive, end exclusive.
      expect(await powerAt('2026-11-20T14:59:59Z')).toBe('clickable');
      expect(await powerAt('2026-11-20T15:00:00Z')).toBe('DC_36');
      expect(await powerAt('2026-11-21T10:00:00Z')).toBe('DC_36');
      expect(await powerAt('2026-11-23T08:59:59Z')).toBe('DC_36');
      expect(await powerAt('2026-11-23T09:00:00Z')).toBe('clickable');
      // Back in time: nothing kept from a later instant leaks into an earlier one.
      expect(await powerAt('2026-11-20T15:30:00Z')).toBe('DC_36');
      expect(await powerAt(FRIDAY_11)).toBe('clickable');
      // December 2026 passes its deadline on Monday 30 November at 16:00 Amsterdam.
      const token = await signInAt('2026-11-30T15:00:00Z');
      const gasData = contractOf(await customerContracts(token), 'KL-A001');
      expect(reasonOf(gasData, 2026, 'M12')).toBe('DC_21');
    } finally {
      t.clock.set(FRIDAY_11);
    }
  });

  it('answers DC_35 to everyone while clicking is paused', async () => {
    await sql`update trading_status set pauze_active = true`.execute(t.db);
    try {
      for (const contract of await customerContracts()) {
        for (const status of allStatuses(contract)) {
          expect(status.clickable).toBe(false);
          expect(status.disableClickReason).toBe('DC_35');
        }
      }
    } finally {
      await sql`update trading_status set pauze_active = false`.execute(t.db);
    }
    expect(reasonOf(contractOf(await customerContracts(), 'KL-A001'), 2027, 'Y')).toBe('clickable');
  });

  it('lets a viewer, a user without click rights and an administrator read but click nothing (DC_34)', async () => {
    const asCustomer = await customerContracts();
    for (const token of [tokens.viewer, tokens.noClick, tokens.admin, tokens.manager]) {
      const list = await customerContracts(token);
      expect(list).toHaveLength(asCustomer.length);
      for (const contract of list) {
        for (const status of allStatuses(contract)) {
          expect(status.clickable).toBe(false);
          expect(status.disableClickReason).toBe('DC_34');
        }
      }
      // Everything else is the same as the customer user sees.
      const viewerGas = statusOf(contractOf(list, 'KL-A001'), 2027, 'Y');
      expect(viewerGas.contractParts).toEqual(
        statusOf(contractOf(asCustomer, 'KL-A001'), 2027, 'Y').contractParts,
      );
    }
  });

  it('shows a new click and a new price on the next request', async () => {
    const before = statusOf(contractOf(await customerContracts(), 'KL-A001'), 2027, 'Q4');
    expect(before.contractParts[0]).toMatchObject({ clickedVolume: '150' });
    await createClick(t.db, {
      contractId: gas.id,
      yearOfSupply: 2027,
      maturity: 'M12',
      parts: [{ part: 'Gas', volume: '10', price: '41' }],
      createdAt: new Date('2026-11-20T09:30:00Z'),
    });
    await createOffers(t.db, {
      product: 'TTF_GAS',
      yearOfSupply: 2027,
      maturities: ['Q4'],
      otcPrice: '36',
      icePrice: '36.5',
    });
    const after = statusOf(contractOf(await customerContracts(), 'KL-A001'), 2027, 'Q4');
    expect(after.contractParts[0]).toMatchObject({
      clickedVolume: '160',
      offerPart: expect.objectContaining({ marketPrice: '36', clickPrice: '38.25' }),
    });
  });
});

describe('contract data of a dashboard and of one contract', () => {
  it('answers the contracts on the dashboard only', async () => {
    const [d1, d2] = customerA.dashboards;
    const first = await get(`/rest/dashboardContractData/${d1!.id}`);
    expect(first.statusCode).toBe(200);
    expect(ContractDataListSchema.parse(first.json()).map((c) => c.contractId)).toEqual([
      'KL-A001',
      'KL-A002',
    ]);
    const second = ContractDataListSchema.parse(
      (await get(`/rest/dashboardContractData/${d2!.id}`)).json(),
    );
    expect(second.map((c) => c.contractId)).toEqual(['KL-A002', 'KL-A003']);
    // The same contract looks the same on every dashboard and in the customer's list.
    expect(contractOf(second, 'KL-A002')).toEqual(contractOf(await customerContracts(), 'KL-A002'));
  });

  it('answers one contract of a customer', async () => {
    const response = await get(`/rest/contractData/contract/${customerA.id}/KL-A002`);
    expect(response.statusCode).toBe(200);
    const contract = ContractDataSchema.parse(response.json());
    expect(contract).toEqual(contractOf(await customerContracts(), 'KL-A002'));
  });
});

describe('contract summaries', () => {
  it('summarises every contract of a customer per year of supply', async () => {
    const response = await get(`/rest/contractSummary/${customerA.id}`);
    expect(response.statusCode).toBe(200);
    const summaries = ContractSummaryListSchema.parse(response.json());
    expect(summaries.map((s) => s.contractId)).toEqual(['KL-A001', 'KL-A002', 'KL-A003']);
    const gasSummary = summaries[0]!;
    expect(gasSummary).toMatchObject({
      commodity: 'Gas',
      clickType: null,
      clickOption: 'PRE_EOD',
      yearsOfSupply: [2026, 2027],
      runout: true,
    });
    expect(gasSummary.clickPercentagePerYear['2026']).toBe('0');
    // 2027: the year position, 660 of 1200 MWh (the M12 click above added 10), 50 by auto-click.
    expect(eq(gasSummary.clickPercentagePerYear['2027'], '55')).toBe(true);
    // 50 / 1200 = 4.1666...% and 55 - 4.1666... = 50.8333...%, sent with 4 decimals.
    expect(gasSummary.autoClickPercentagePerYear['2027']).toBe('4.1667');
    expect(gasSummary.manualClickPercentagePerYear['2027']).toBe('50.8333');
    expect(gasSummary.lastUpdatedDate).toBe('2026-11-20T09:30:00.000Z');
    // A QUARTER contract: the quarters summed and divided by 4 (Q2 half clicked: peak only).
    const powerSummary = summaries[1]!;
    expect(powerSummary.clickPercentagePerYear['2027']).toBe('12.5');
    expect(powerSummary.clickPercentagePerYear['2028']).toBe('0');
    expect(summaries[2]!.lastUpdatedDate).toBeNull();
  });

  it('summarises the contracts on a dashboard', async () => {
    const response = await get(`/rest/dashboardContractSummary/${customerA.dashboards[1]!.id}`);
    expect(response.statusCode).toBe(200);
    expect(ContractSummaryListSchema.parse(response.json()).map((s) => s.contractId)).toEqual([
      'KL-A002',
      'KL-A003',
    ]);
  });
});

describe('who may read what', () => {
  it("refuses another customer's customer, dashboard and contract with 403 and a generic body", async () => {
    for (const url of [
      `/rest/contractData/${customerB.id}`,
      `/rest/dashboardContractData/${customerB.dashboards[0]!.id}`,
      `/rest/contractData/contract/${customerB.id}/KL-B001`,
      `/rest/contractSummary/${customerB.id}`,
      `/rest/dashboardContractSummary/${customerB.dashboards[0]!.id}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(response.body).not.toContain('KL-B001');
    }
    // The other customer's user is refused ours the same way.
    expect((await get(`/rest/contractData/${customerA.id}`, tokens.other)).statusCode).toBe(403);
  });

  it('answers 403, not 404, to a customer-side user for ids that do not exist (nothing is revealed)', async () => {
    expect((await get('/rest/contractData/999999')).statusCode).toBe(403);
    expect((await get('/rest/dashboardContractData/999999')).statusCode).toBe(403);
  });

  it('answers 404 for a contract the allowed customer does not have', async () => {
    for (const contractId of ['KL-B001', 'KL-NOPE']) {
      const response = await get(`/rest/contractData/contract/${customerA.id}/${contractId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('lets an account manager read the portfolio only, like a customer-side user', async () => {
    expect((await get(`/rest/contractData/${customerA.id}`, tokens.manager)).statusCode).toBe(200);
    for (const url of [
      `/rest/contractData/${customerB.id}`,
      `/rest/dashboardContractData/${customerB.dashboards[0]!.id}`,
      `/rest/contractSummary/${customerB.id}`,
      '/rest/contractData/999999',
    ]) {
      expect((await get(url, tokens.manager)).statusCode, url).toBe(403);
    }
  });

  it('lets administrators read every customer, and tells them what does not exist', async () => {
    for (const token of [tokens.admin]) {
      const response = await get(`/rest/contractData/${customerB.id}`, token);
      expect(response.statusCode).toBe(200);
      expect(ContractDataListSchema.parse(response.json()).map((c) => c.contractId)).toEqual([
        'KL-B001',
      ]);
      const dashboard = await get(
        `/rest/dashboardContractData/${customerB.dashboards[0]!.id}`,
        token,
      );
      expect(dashboard.statusCode).toBe(200);
      expect((await get('/rest/contractData/999999', token)).statusCode).toBe(404);
      expect((await get('/rest/dashboardContractData/999999', token)).statusCode).toBe(404);
      expect((await get('/rest/contractSummary/999999', token)).statusCode).toBe(404);
      expect(
        (await get(`/rest/contractData/contract/${customerB.id}/KL-A001`, token)).statusCode,
      ).toBe(404);
    }
    expect(otherCustomers.customerId).toBe(customerB.id);
  });

  it('answers 400 to malformed ids', async () => {
    for (const url of [
      '/rest/contractData/abc',
      '/rest/contractData/0',
      '/rest/contractData/-3',
      '/rest/contractData/1.5',
      '/rest/contractData/1e3',
      '/rest/contractData/99999999999',
      '/rest/dashboardContractData/x1',
      '/rest/contractSummary/%20',
      '/rest/dashboardContractSummary/2147483648',
      `/rest/contractData/contract/${customerA.id}/K`,
      `/rest/contractData/contract/${customerA.id}/KL%20A001`,
      `/rest/contractData/contract/${customerA.id}/-KL-A001`,
      `/rest/contractData/contract/abc/KL-A001`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('answers 401 without a session', async () => {
    for (const url of [
      `/rest/contractData/${customerA.id}`,
      `/rest/dashboardContractData/${customerA.dashboards[0]!.id}`,
      `/rest/contractData/contract/${customerA.id}/KL-A001`,
      `/rest/contractSummary/${customerA.id}`,
      `/rest/dashboardContractSummary/${customerA.dashboards[0]!.id}`,
    ]) {
      const response = await get(url, null);
      expect(response.statusCode, url).toBe(401);
    }
  });
});
