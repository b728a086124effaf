import { MARGIN_PATHS, pathTo } from '@klik/api';
import { createContract } from '../../../test/builders';
import type { Db } from '../../db/database';
import type { AdminWorld } from '../admin/admin-test-kit';
import type { RouteCase } from '../admin/permission-cases';

/*
 * managemargins' routes for the permission test (permission-cases.ts): every call about a fresh
 * scenario, so one cell's save never decides another's version.
 */

const DRAFT = {
  name: 'Marges',
  validFrom: '2026-01-01',
  validUntil: null,
  lines: [
    {
      commodity: 'Gas',
      part: 'Gas',
      maturityType: 'YEAR',
      minVolume: null,
      markUp: '1',
      transactionFee: '0.1',
    },
  ],
};

async function freshScenario(db: Db): Promise<number> {
  const { id } = await db
    .insertInto('margin_scenarios')
    .values({ created_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('margin_scenario_versions')
    .values({
      scenario_id: id,
      version: 1,
      name: DRAFT.name,
      valid_from: DRAFT.validFrom,
      valid_until: null,
      effective_at: new Date(0),
      lines: JSON.stringify(DRAFT.lines),
      created_at: new Date(),
      created_by: null,
    })
    .execute();
  return id;
}

const DEFAULT_PRICING_IDS = [
  { product: '*', part: 'Gas', marketProduct: 'TTF_GAS' },
  { product: '*', part: 'Peak', marketProduct: 'NL_POWER_PEAK' },
  { product: '*', part: 'OffPeak', marketProduct: 'NL_POWER_OFFPEAK' },
];

export const MARGIN_ROUTE_CASES: RouteCase[] = [
  {
    action: 'margins.read',
    method: 'GET',
    route: MARGIN_PATHS.scenarios,
    ok: 200,
    request: async () => ({ url: MARGIN_PATHS.scenarios }),
  },
  {
    action: 'margins.manage',
    method: 'POST',
    route: MARGIN_PATHS.scenarios,
    ok: 201,
    request: async () => ({ url: MARGIN_PATHS.scenarios, payload: DRAFT }),
  },
  {
    action: 'margins.read',
    method: 'GET',
    route: MARGIN_PATHS.scenario,
    ok: 200,
    request: async (w: AdminWorld) => ({
      url: pathTo(MARGIN_PATHS.scenario, { scenarioId: await freshScenario(w.t.db) }),
    }),
  },
  {
    action: 'margins.manage',
    method: 'PUT',
    route: MARGIN_PATHS.scenario,
    ok: 200,
    request: async (w: AdminWorld) => ({
      url: pathTo(MARGIN_PATHS.scenario, { scenarioId: await freshScenario(w.t.db) }),
      payload: { version: 1, draft: DRAFT },
    }),
  },
  {
    action: 'margins.read',
    method: 'GET',
    route: MARGIN_PATHS.version,
    ok: 200,
    request: async (w: AdminWorld) => ({
      url: pathTo(MARGIN_PATHS.version, { scenarioId: await freshScenario(w.t.db), version: 1 }),
    }),
  },
  {
    action: 'margins.manage',
    method: 'PUT',
    route: MARGIN_PATHS.assignments,
    ok: 200,
    request: async (w: AdminWorld) => ({
      url: pathTo(MARGIN_PATHS.assignments, { scenarioId: await freshScenario(w.t.db) }),
      payload: { customerIds: [w.foreign.id], contractIds: [] },
    }),
  },
  {
    action: 'margins.read',
    method: 'GET',
    route: MARGIN_PATHS.contracts,
    ok: 200,
    request: async () => ({ url: `${MARGIN_PATHS.contracts}?search=C` }),
  },
  {
    action: 'margins.read',
    method: 'GET',
    route: MARGIN_PATHS.pricingIds,
    ok: 200,
    request: async () => ({ url: MARGIN_PATHS.pricingIds }),
  },
  {
    action: 'margins.manage',
    method: 'PUT',
    route: MARGIN_PATHS.pricingIds,
    ok: 200,
    request: async () => ({ url: MARGIN_PATHS.pricingIds, payload: { data: DEFAULT_PRICING_IDS } }),
  },
  {
    action: 'margins.read',
    method: 'POST',
    route: MARGIN_PATHS.preview,
    ok: 200,
    request: async (w: AdminWorld) => {
      const contract = await createContract(w.t.db, {
        customerId: w.foreign.id,
        commodity: 'Gas',
        years: [2027],
      });
      return {
        url: MARGIN_PATHS.preview,
        payload: { contractId: contract.id, yearOfSupply: 2027, maturity: 'Y', draft: DRAFT },
      };
    },
  },
];
