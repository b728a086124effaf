import { expect } from 'vitest';
import {
  MARGIN_PATHS,
  ScenarioDetailSchema,
  type MarketProduct,
  type ScenarioDetail,
  pathTo,
} from '@klik/api';
import type { ContractPartName } from '@klik/domain';
import { bearer, type TestApp } from '../../../test/test-app';

/*
 * Margins set up through managemargins' own calls, for the tests of the screens that must show the
 * price a quote gets (TPI, positions).
 */

/** Creates a scenario with one gas year line and assigns it to the customers. */
export async function assignGasYearScenario(
  t: TestApp,
  adminToken: string,
  margin: { markUp: string; transactionFee: string; customerIds: number[] },
): Promise<ScenarioDetail> {
  const created = await t.app.inject({
    method: 'POST',
    url: MARGIN_PATHS.scenarios,
    headers: bearer(adminToken),
    payload: {
      name: `Gas ${margin.markUp}`,
      validFrom: '2026-01-01',
      validUntil: null,
      lines: [
        {
          commodity: 'Gas',
          part: 'Gas',
          maturityType: 'YEAR',
          minVolume: null,
          markUp: margin.markUp,
          transactionFee: margin.transactionFee,
        },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const scenario = ScenarioDetailSchema.parse(created.json());
  const assigned = await t.app.inject({
    method: 'PUT',
    url: pathTo(MARGIN_PATHS.assignments, { scenarioId: scenario.current.scenarioId }),
    headers: bearer(adminToken),
    payload: { customerIds: margin.customerIds, contractIds: [] },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return ScenarioDetailSchema.parse(assigned.json());
}

/** Saves the default pricing IDs ('*') plus a product's own. */
export async function savePricingIds(
  t: TestApp,
  adminToken: string,
  own: { product: string; part: ContractPartName; marketProduct: MarketProduct }[],
): Promise<void> {
  const saved = await t.app.inject({
    method: 'PUT',
    url: MARGIN_PATHS.pricingIds,
    headers: bearer(adminToken),
    payload: {
      data: [
        { product: '*', part: 'Gas', marketProduct: 'TTF_GAS' },
        { product: '*', part: 'Peak', marketProduct: 'NL_POWER_PEAK' },
        { product: '*', part: 'OffPeak', marketProduct: 'NL_POWER_OFFPEAK' },
        ...own,
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
