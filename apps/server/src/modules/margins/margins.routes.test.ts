import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContractDataSchema,
  MARGIN_PATHS,
  MarginPreviewSchema,
  ScenarioDetailSchema,
  ScenarioPageSchema,
  type MarginDraft,
  type ScenarioDetail,
  pathTo,
} from '@klik/api';
import { createContract, createCustomer, createUser } from '../../../test/builders';
import { bearer, login } from '../../../test/test-app';
import { purchaseWorld, quoteOk, type PurchaseWorld } from '../purchase/purchase-test-kit';
import { onPostgres } from '../../../test/test-database';

/*
 * The world: a power contract (mark-up 2, fee 0.25 of its own) with OTC Peak 80 and OffPeak 60,
 * a signed-in customer user, and an administrator.
 */
let w: PurchaseWorld;
let adminToken: string;
let accountManagerToken: string;

function draft(overrides: Partial<MarginDraft> = {}): MarginDraft {
  return {
    name: 'Standaard 2027',
    validFrom: '2026-01-01',
    validUntil: null,
    lines: [
      {
        commodity: 'Power',
        part: 'Peak',
        maturityType: 'QUARTER',
        minVolume: null,
        markUp: '3',
        transactionFee: '0.5',
      },
      {
        commodity: 'Power',
        part: 'OffPeak',
        maturityType: 'QUARTER',
        minVolume: null,
        markUp: '1.5',
        transactionFee: '0.5',
      },
    ],
    ...overrides,
  };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = adminToken) {
  return w.t.app.inject({ method, url, headers: bearer(token), payload: payload as never });
}

async function createScenario(body = draft()): Promise<ScenarioDetail> {
  const response = await call('POST', MARGIN_PATHS.scenarios, body);
  expect(response.statusCode, response.body).toBe(201);
  return ScenarioDetailSchema.parse(response.json());
}

async function assign(scenarioId: number, body: { customerIds: number[]; contractIds: number[] }) {
  const response = await call('PUT', pathTo(MARGIN_PATHS.assignments, { scenarioId }), body);
  expect(response.statusCode, response.body).toBe(200);
  return ScenarioDetailSchema.parse(response.json());
}

beforeAll(async () => {
  w = await purchaseWorld({ contract: { markUp: '2', transactionFee: '0.25' } });
  const admin = await createUser(w.t.db, { role: 'admin' });
  adminToken = (await login(w.t.app, admin.username, admin.password)).token;
  const manager = await createUser(w.t.db, { role: 'accountmanager' });
  accountManagerToken = (await login(w.t.app, manager.username, manager.password)).token;
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

describe(`margin scenarios on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('prices a quote with the customer scenario and records its version', async () => {
    const before = await quoteOk(w);
    expect(before.parts.map((part) => part.clickPrice)).toEqual(['82.25', '62.25']);
    expect(before.parts[0]?.marginScenario ?? null).toBeNull();

    const scenario = await createScenario();
    await assign(scenario.current.scenarioId, { customerIds: [w.customer.id], contractIds: [] });
    const quote = await quoteOk(w);
    expect(quote.parts.map((part) => [part.markUp, part.transactionFee, part.clickPrice])).toEqual([
      ['3', '0.5', '83.5'],
      ['1.5', '0.5', '62'],
    ]);
    const scenarioRef = { scenarioId: scenario.current.scenarioId, version: 1 };
    expect(quote.parts[0]?.marginScenario).toEqual(scenarioRef);
    expect(quote.parts.map((part) => part.marketProduct)).toEqual([
      'NL_POWER_PEAK',
      'NL_POWER_OFFPEAK',
    ]);
    const row = await w.t.db
      .selectFrom('purchase_quotes')
      .select(['margin_scenario_id', 'margin_scenario_version'])
      .where('id', '=', quote.quoteId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ margin_scenario_id: scenarioRef.scenarioId, margin_scenario_version: 1 });
  });

  it('shows the dashboard the click price a quote would get, at once after a change', async () => {
    const dashboard = async () => {
      const response = await call(
        'GET',
        `/rest/contractData/contract/${w.customer.id}/${w.contract.contractId}`,
        undefined,
        w.token,
      );
      expect(response.statusCode, response.body).toBe(200);
      const data = ContractDataSchema.parse(response.json());
      const q1 = data.statusPerContract.quarterStatuses.find(
        (status) => status.maturity === 'Q1' && status.yearOfSupply === 2027,
      );
      const y = data.statusPerContract.yearStatuses.find((status) => status.yearOfSupply === 2027);
      return {
        q1: q1?.contractParts.map((part) => part.offerPart?.clickPrice),
        // The scenario has quarter lines only: the year keeps the contract's own mark-up and fee.
        y: y?.contractParts.map((part) => part.offerPart?.clickPrice),
      };
    };
    const page = ScenarioPageSchema.parse((await call('GET', MARGIN_PATHS.scenarios)).json());
    const scenario = page.data.find((row) => row.name === 'Standaard 2027')!;
    expect(await dashboard()).toMatchObject({ q1: ['83.5', '62'] });
    const detail = ScenarioDetailSchema.parse(
      (await call('GET', pathTo(MARGIN_PATHS.scenario, { scenarioId: scenario.id }))).json(),
    );
    const raised = draft();
    raised.lines[0] = { ...raised.lines[0]!, markUp: '5' };
    const saved = await call('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: scenario.id }), {
      version: detail.current.version,
      draft: raised,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await dashboard();
    expect(after.q1).toEqual(['85.5', '62']);
    expect(after.y?.[0]).not.toBe('85.5');
    // Back as it was, for the tests below.
    const back = await call('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: scenario.id }), {
      version: detail.current.version + 1,
      draft: draft(),
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('keeps every version; a change prices new quotes only, from its effective time', async () => {
    const scenario = await createScenario(draft({ name: 'Contract' }));
    const scenarioId = scenario.current.scenarioId;
    // The contract's own scenario beats the customer's.
    await assign(scenarioId, { customerIds: [], contractIds: [w.contract.id] });
    const first = await quoteOk(w);
    expect(first.parts[0]?.marginScenario).toEqual({ scenarioId, version: 1 });

    const later = new Date(w.t.clock.now().getTime() + 10 * 60_000);
    const changed = draft({ name: 'Contract' });
    changed.lines[0] = { ...changed.lines[0]!, markUp: '4' };
    const saved = await call('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId }), {
      version: 1,
      draft: changed,
      effectiveAt: later.toISOString(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ScenarioDetailSchema.parse(saved.json()).versions.map((v) => v.version)).toEqual([2, 1]);

    // Not in effect yet: version 1 still prices, and the first quote's record is unchanged.
    expect((await quoteOk(w)).parts[0]?.marginScenario).toEqual({ scenarioId, version: 1 });
    w.t.clock.advanceMinutes(11);
    const second = await quoteOk(w);
    expect(second.parts[0]).toMatchObject({ markUp: '4', clickPrice: '84.5' });
    expect(second.parts[0]?.marginScenario).toEqual({ scenarioId, version: 2 });
    const old = await call('GET', pathTo(MARGIN_PATHS.version, { scenarioId, version: 1 }));
    expect(old.json()).toMatchObject({ version: 1, lines: [{ markUp: '3' }, { markUp: '1.5' }] });

    // A save on an old version conflicts; an effective time in the past is refused.
    const stale = await call('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId }), {
      version: 1,
      draft: changed,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: { currentVersion: 2 },
    });
    const past = await call('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId }), {
      version: 2,
      draft: changed,
      effectiveAt: new Date(w.t.clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);

    const audit = await w.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `marginScenario:${scenarioId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'margins.scenario.create',
      'margins.assignments.save',
      'margins.scenario.save',
    ]);
    await assign(scenarioId, { customerIds: [], contractIds: [] });
  });

  it('previews the price now and under an edited scenario without saving it', async () => {
    const edited = draft();
    edited.lines[0] = { ...edited.lines[0]!, markUp: '10' };
    const response = await call('POST', MARGIN_PATHS.preview, {
      contractId: w.contract.id,
      yearOfSupply: 2027,
      maturity: 'Q1',
      draft: edited,
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = MarginPreviewSchema.parse(response.json());
    expect(preview.parts[0]).toMatchObject({
      name: 'Peak',
      marketProduct: 'NL_POWER_PEAK',
      marketPrice: '80',
      current: { clickPrice: '83.5', source: { kind: 'scenario', assignedTo: 'customer' } },
      edited: { markUp: '10', clickPrice: '90.5', source: { kind: 'draft' } },
    });
    const page = ScenarioPageSchema.parse((await call('GET', MARGIN_PATHS.scenarios)).json());
    expect(page.data.find((row) => row.name === 'Standaard 2027')?.version).toBe(3);
  });

  it('prices a part on the market product its pricing ID names', async () => {
    const customer = await createCustomer(w.t.db);
    const contract = await createContract(w.t.db, {
      customerId: customer.id,
      commodity: 'Power',
      product: 'Groene stroom',
      years: [2027],
      monthlyVolume: '10',
    });
    const saved = await call('PUT', MARGIN_PATHS.pricingIds, {
      data: [
        { product: '*', part: 'Gas', marketProduct: 'TTF_GAS' },
        { product: '*', part: 'Peak', marketProduct: 'NL_POWER_PEAK' },
        { product: '*', part: 'OffPeak', marketProduct: 'NL_POWER_OFFPEAK' },
        { product: 'Groene stroom', part: 'OffPeak', marketProduct: 'NL_POWER_PEAK' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = MarginPreviewSchema.parse(
      (
        await call('POST', MARGIN_PATHS.preview, {
          contractId: contract.id,
          yearOfSupply: 2027,
          maturity: 'Q1',
          draft: draft(),
        })
      ).json(),
    );
    expect(preview.parts.map((part) => [part.name, part.marketProduct, part.marketPrice])).toEqual([
      ['Peak', 'NL_POWER_PEAK', '80'],
      ['OffPeak', 'NL_POWER_PEAK', '80'],
    ]);
    const withoutDefault = await call('PUT', MARGIN_PATHS.pricingIds, {
      data: [{ product: '*', part: 'Gas', marketProduct: 'TTF_GAS' }],
    });
    expect(withoutDefault.statusCode).toBe(400);
  });

  it('refuses bad input with 400 and unknown ids with 404, changing nothing', async () => {
    const duplicate = draft();
    duplicate.lines.push({ ...duplicate.lines[0]!, minVolume: '0' });
    expect((await call('POST', MARGIN_PATHS.scenarios, duplicate)).statusCode).toBe(400);
    const wrongPart = draft();
    wrongPart.lines[0] = { ...wrongPart.lines[0]!, part: 'Gas' };
    expect((await call('POST', MARGIN_PATHS.scenarios, wrongPart)).statusCode).toBe(400);
    expect(
      (await call('POST', MARGIN_PATHS.scenarios, draft({ validUntil: '2025-12-31' }))).statusCode,
    ).toBe(400);
    const tooPrecise = draft();
    tooPrecise.lines[0] = { ...tooPrecise.lines[0]!, markUp: '1.23456' };
    expect((await call('POST', MARGIN_PATHS.scenarios, tooPrecise)).statusCode).toBe(400);
    const scenario = await createScenario(draft({ name: 'Leeg' }));
    const id = scenario.current.scenarioId;
    const unknown = await call('PUT', pathTo(MARGIN_PATHS.assignments, { scenarioId: id }), {
      customerIds: [w.customer.id, 2_000_000_000],
      contractIds: [],
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      ScenarioDetailSchema.parse(
        (await call('GET', pathTo(MARGIN_PATHS.scenario, { scenarioId: id }))).json(),
      ),
    ).toEqual(scenario);
    expect(
      (await call('GET', pathTo(MARGIN_PATHS.scenario, { scenarioId: 2_000_000_000 }))).statusCode,
    ).toBe(404);
  });

  it('is for administrators only', async () => {
    for (const token of [w.token, accountManagerToken]) {
      expect((await call('GET', MARGIN_PATHS.scenarios, undefined, token)).statusCode).toBe(403);
      expect((await call('POST', MARGIN_PATHS.scenarios, draft(), token)).statusCode).toBe(403);
    }
    const anonymous = await w.t.app.inject({ method: 'GET', url: MARGIN_PATHS.scenarios });
    expect(anonymous.statusCode).toBe(401);
  });
});
