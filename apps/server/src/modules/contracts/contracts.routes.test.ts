import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATHS, ContractDetailSchema, ContractListSchema, pathTo } from '@klik/api';
import { createClick, createContract, createCustomer } from '../../../test/builders';
import { adminWorld, auditRows, call, codeOf, type AdminWorld } from '../admin/admin-test-kit';
import { detailOk, gasContract, inputOf } from './contracts-test-kit';
import { onPostgres } from '../../../test/test-database';

let w: AdminWorld;
const clickUpdates: { contractId: string; customerId: number }[] = [];

beforeAll(async () => {
  w = await adminWorld();
  w.t.app.deps.bus.subscribe('clickUpdate', (payload) => clickUpdates.push(payload));
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

const admin = () => w.callers.admin.token;

async function created(body: unknown, token = admin()) {
  const response = await call(w, token, 'POST', CONTRACT_PATHS.contracts, body);
  expect(response.statusCode, response.body).toBe(201);
  return ContractDetailSchema.parse(response.json());
}

async function months(id: number) {
  const rows = await w.t.db
    .selectFrom('position_months')
    .select(['year_of_supply', 'part', 'month', 'total_volume', 'clicked_volume'])
    .where('contract_id', '=', id)
    .orderBy('year_of_supply')
    .orderBy('part')
    .orderBy('month')
    .execute();
  return rows.map((r) => `${r.year_of_supply}/${r.part}/${r.month}:${Number(r.total_volume)}`);
}

describe(`managecontract on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('creates a contract with its ledger, dashboards, audit row and clickUpdate', async () => {
    const customer = await createCustomer(w.t.db, { dashboards: ['Hoofd', 'Tweede'] });
    const profile = ['10', '10', '10', '8', '8', '6', '6', '6', '8', '8', '10', '10'];
    const body = gasContract(customer.id, {
      volumes: [
        { yearOfSupply: 2027, part: 'Gas', volume: '1200', profile: null },
        { yearOfSupply: 2028, part: 'Gas', volume: '1000.5', profile },
      ],
      lumpSum: '150.50',
      clickLimits: { maxClicksPerYear: 4, minClickPercentage: '10', maxClickPercentage: '50' },
      deadlineRule: { YEAR: 5, QUARTER: 3, MONTH: 2 },
      requireSms: true,
      requireApproval: null,
      dashboardIds: [customer.dashboards[1]!.id],
    });
    const contract = await created(body);
    expect(contract).toMatchObject({
      contractId: body.contractId,
      customerId: customer.id,
      yearsOfSupply: [2027, 2028],
      contractedVolume: '2200.5',
      lumpSum: '150.5',
      clickLimits: { maxClicksPerYear: 4, minClickPercentage: '10', maxClickPercentage: '50' },
      deadlineRule: { YEAR: 5, QUARTER: 3, MONTH: 2 },
      requireSms: true,
      requireApproval: null,
      dashboardIds: [customer.dashboards[1]!.id],
      pricing: [{ part: 'Gas', markUp: '2', transactionFee: '0.25' }],
      hasClicks: false,
      version: 1,
    });
    expect(contract.volumes).toEqual([
      expect.objectContaining({ yearOfSupply: 2027, volume: '1200', profile: null }),
      expect.objectContaining({ yearOfSupply: 2028, volume: '1000.5', profile }),
    ]);
    expect((await months(contract.id)).slice(0, 2)).toEqual(['2027/Gas/1:100', '2027/Gas/2:100']);
    expect((await months(contract.id))[12]).toBe('2028/Gas/1:100.05');
    const [audit] = await auditRows(w.t.db, 'contract.create');
    expect(audit).toMatchObject({
      subject: `contract:${body.contractId}`,
      customer_ids: [customer.id],
    });
    expect(clickUpdates).toContainEqual({ contractId: body.contractId, customerId: customer.id });
  });

  it('answers bad input with a field code and a taken Contract-ID with 409, creating nothing', async () => {
    const body = gasContract(w.own.id);
    const badProfile = await call(w, admin(), 'POST', CONTRACT_PATHS.contracts, {
      ...body,
      volumes: [{ yearOfSupply: 2027, part: 'Gas', volume: '1', profile: Array(12).fill('8') }],
    });
    expect(badProfile.statusCode).toBe(400);
    expect(codeOf(badProfile)).toBe('PROFILE_SUM_INVALID');
    const emptyShare = await call(w, admin(), 'POST', CONTRACT_PATHS.contracts, {
      ...body,
      volumes: [
        { yearOfSupply: 2027, part: 'Gas', volume: '1', profile: ['', ...Array(11).fill('9')] },
      ],
    });
    expect(emptyShare.statusCode).toBe(400);
    expect(codeOf(emptyShare)).toBe('PERCENTAGE_REQUIRED');
    const wrongParts = await call(w, admin(), 'POST', CONTRACT_PATHS.contracts, {
      ...body,
      commodity: 'Power',
    });
    expect(codeOf(wrongParts)).toBe('PARTS_INVALID');
    const badVolume = await call(w, admin(), 'POST', CONTRACT_PATHS.contracts, {
      ...body,
      volumes: [{ yearOfSupply: 2027, part: 'Gas', volume: '1.2345', profile: null }],
    });
    expect(codeOf(badVolume)).toBe('VOLUME_INVALID');
    const limits = await call(w, admin(), 'POST', CONTRACT_PATHS.contracts, {
      ...body,
      clickLimits: { maxClicksPerYear: null, minClickPercentage: '50', maxClickPercentage: '10' },
    });
    expect(codeOf(limits)).toBe('CLICK_SHARE_RANGE_INVALID');
    const foreignDashboard = await call(w, admin(), 'POST', CONTRACT_PATHS.contracts, {
      ...body,
      dashboardIds: [w.foreign.dashboards[0]!.id],
    });
    expect(foreignDashboard.statusCode).toBe(404);

    await created(body);
    const twice = await call(w, admin(), 'POST', CONTRACT_PATHS.contracts, {
      ...gasContract(w.foreign.id),
      contractId: body.contractId,
    });
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('CONTRACT_ID_NOT_UNIQUE');
    const stored = await w.t.db
      .selectFrom('contracts')
      .select('customer_id')
      .where('contract_id', '=', body.contractId)
      .execute();
    expect(stored).toEqual([{ customer_id: w.own.id }]);
  });

  it('lists, filters and pages on the server; account managers see their portfolio only', async () => {
    const gas = await created(gasContract(w.own.id, { product: 'Zoekbaar gas' }));
    await created(gasContract(w.foreign.id, { product: 'Zoekbaar vreemd' }));
    const list = async (query: string, token = admin()) => {
      const response = await call(w, token, 'GET', `${CONTRACT_PATHS.contracts}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return ContractListSchema.parse(response.json());
    };
    const found = await list('q=zoekbaar&sort=-contractId');
    expect(found.total).toBe(2);
    const own = await list('q=zoekbaar', w.callers.accountmanager.token);
    expect(own.data.map((c) => c.contractId)).toEqual([gas.contractId]);
    expect((await list(`customerId=${w.own.id}&commodity=Power`)).data).toEqual([]);
    const paged = await list('size=1&page=1&q=zoekbaar');
    expect(paged).toMatchObject({ page: 1, size: 1, total: 2 });
    expect(paged.data).toHaveLength(1);
    const bad = await call(w, admin(), 'GET', `${CONTRACT_PATHS.contracts}?size=1000`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses who may not: foreign customers for account managers, everyone outside the admin side', async () => {
    const foreign = await created(gasContract(w.foreign.id));
    const am = w.callers.accountmanager.token;
    expect(
      (await call(w, am, 'GET', pathTo(CONTRACT_PATHS.contract, { id: foreign.id }))).statusCode,
    ).toBe(403);
    const create = await call(w, am, 'POST', CONTRACT_PATHS.contracts, gasContract(w.foreign.id));
    expect(create.statusCode).toBe(403);
    await created(gasContract(w.own.id), am);
    for (const caller of ['consultant', 'customer', 'userManager'] as const) {
      const token = w.callers[caller].token;
      expect((await call(w, token, 'GET', CONTRACT_PATHS.contracts)).statusCode).toBe(403);
    }
    const readOnly = await call(
      w,
      w.callers.readOnlyAccountmanager.token,
      'POST',
      CONTRACT_PATHS.contracts,
      gasContract(w.own.id),
    );
    expect(readOnly.statusCode).toBe(403);
    expect(
      (await call(w, admin(), 'GET', pathTo(CONTRACT_PATHS.contract, { id: 2_000_000 })))
        .statusCode,
    ).toBe(404);
  });

  it('changes a contract on the revision read; an untouched year keeps its months', async () => {
    const profile = ['10', '10', '10', '8', '8', '6', '6', '6', '8', '8', '10', '10'];
    const contract = await created(
      gasContract(w.own.id, {
        volumes: [
          { yearOfSupply: 2027, part: 'Gas', volume: '1200', profile: null },
          { yearOfSupply: 2028, part: 'Gas', volume: '777.777', profile },
        ],
      }),
    );
    const before2028 = (await months(contract.id)).slice(12);
    const input = inputOf(contract);
    const changed = {
      ...input,
      product: 'Gas TTF nieuw',
      volumes: [{ ...input.volumes[0]!, volume: '2400' }, input.volumes[1]!],
      pricing: [{ part: 'Gas' as const, markUp: '3.1234', transactionFee: '0' }],
    };
    const response = await call(
      w,
      admin(),
      'PUT',
      pathTo(CONTRACT_PATHS.contract, { id: contract.id }),
      {
        version: 1,
        contract: changed,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const after = ContractDetailSchema.parse(response.json());
    expect(after).toMatchObject({
      version: 2,
      product: 'Gas TTF nieuw',
      contractedVolume: '3177.777',
    });
    expect(after.pricing).toEqual([{ part: 'Gas', markUp: '3.1234', transactionFee: '0' }]);
    expect((await months(contract.id))[0]).toBe('2027/Gas/1:200');
    expect((await months(contract.id)).slice(12)).toEqual(before2028);
    const [audit] = await auditRows(w.t.db, 'contract.update');
    expect(audit?.details).toMatchObject({
      before: { product: 'Gas TTF' },
      after: { product: 'Gas TTF nieuw' },
    });

    const stale = await call(
      w,
      admin(),
      'PUT',
      pathTo(CONTRACT_PATHS.contract, { id: contract.id }),
      {
        version: 1,
        contract: input,
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: { currentVersion: 2 },
    });
  });

  it('refuses changes that clicks forbid, changing nothing, and never touches a click', async () => {
    const built = await createContract(w.t.db, { customerId: w.own.id, years: [2027, 2028] });
    await createClick(w.t.db, {
      contractId: built.id,
      yearOfSupply: 2027,
      maturity: 'M1',
      parts: [{ part: 'Gas', volume: '40', price: '30' }],
    });
    const contract = await detailOk(w, admin(), built.id);
    expect(contract).toMatchObject({ hasClicks: true, clickYears: [2027] });
    expect(contract.volumes[0]!.clickedByMonth[0]).toBe('40');
    const input = inputOf(contract);
    const put = (changes: object) =>
      call(w, admin(), 'PUT', pathTo(CONTRACT_PATHS.contract, { id: built.id }), {
        version: contract.version,
        contract: { ...input, ...changes },
      });
    const january = Array(12).fill('0');
    january[0] = '100';
    const below = await put({
      volumes: [
        { yearOfSupply: 2027, part: 'Gas', volume: '39', profile: january },
        input.volumes[1],
      ],
    });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({
      code: 'VOLUME_BELOW_CLICKED',
      details: { yearOfSupply: 2027, part: 'Gas', month: 1, clickedVolume: '40' },
    });
    const flatBelow = await put({
      volumes: [
        { yearOfSupply: 2027, part: 'Gas', volume: '120', profile: null },
        input.volumes[1],
      ],
    });
    expect(codeOf(flatBelow)).toBe('VOLUME_BELOW_CLICKED');
    const removed = await put({ volumes: [input.volumes[1]] });
    expect(removed.statusCode).toBe(409);
    expect(codeOf(removed)).toBe('YEAR_HAS_CLICKS');
    const power = await put({
      commodity: 'Power',
      volumes: (['Peak', 'OffPeak'] as const).map((part) => ({
        yearOfSupply: 2027,
        part,
        volume: '1200',
        profile: null,
      })),
      pricing: [
        { part: 'Peak', markUp: '1', transactionFee: '0' },
        { part: 'OffPeak', markUp: '1', transactionFee: '0' },
      ],
    });
    expect(codeOf(power)).toBe('CONTRACT_HAS_CLICKS');
    const moved = await put({ customerId: w.foreign.id });
    expect(codeOf(moved)).toBe('CONTRACT_HAS_CLICKS');
    expect(await detailOk(w, admin(), built.id)).toEqual(contract);
    const refused = await auditRows(w.t.db, 'contract.update');
    expect(refused[0]).toMatchObject({
      outcome: 'refused',
      subject: `contract:${built.contractId}`,
    });

    // Down to exactly what is clicked, and the year without clicks removed: allowed.
    const exactly = await put({
      volumes: [{ yearOfSupply: 2027, part: 'Gas', volume: '40', profile: january }],
    });
    expect(exactly.statusCode, exactly.body).toBe(200);
    const clicks = await w.t.db
      .selectFrom('click_months')
      .select(['volume', 'price'])
      .where('click_id', 'in', (eb) =>
        eb.selectFrom('clicks').select('id').where('contract_id', '=', built.id),
      )
      .execute();
    expect(clicks.map((c) => [Number(c.volume), Number(c.price)])).toEqual([[40, 30]]);
    expect(await months(built.id)).toEqual([
      '2027/Gas/1:40',
      ...Array.from({ length: 11 }, (_, i) => `2027/Gas/${i + 2}:0`),
    ]);
  });
});
