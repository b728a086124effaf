import {
  ContractDetailSchema,
  type ContractDetail,
  type ContractInput,
  CONTRACT_PATHS,
  pathTo,
} from '@klik/api';
import { expect } from 'vitest';
import { call } from '../admin/admin-test-kit';
import type { TestApp } from '../../../test/test-app';
import { randomBytes } from 'node:crypto';

/** A valid gas contract for a customer: 1200 MWh flat in 2027, mark-up 2, fee 0.25. */
export function gasContract(
  customerId: number,
  overrides: Partial<ContractInput> = {},
): ContractInput {
  return {
    customerId,
    contractId: `KL-C${randomBytes(4).toString('hex')}`,
    commodity: 'Gas',
    product: 'Gas TTF',
    clickType: null,
    marketOption: 'PRE_EOD',
    volumes: [{ yearOfSupply: 2027, part: 'Gas', volume: '1200', profile: null }],
    pricing: [{ part: 'Gas', markUp: '2', transactionFee: '0.25' }],
    lumpSum: '0',
    runOut: true,
    clickLimits: { maxClicksPerYear: null, minClickPercentage: '5', maxClickPercentage: '100' },
    deadlineRule: { YEAR: 1, QUARTER: 1, MONTH: 1 },
    requireSms: null,
    requireApproval: null,
    dashboardIds: [],
    ...overrides,
  };
}

/** The contract input a stored contract reads back as, for an edit. */
export function inputOf(detail: ContractDetail): ContractInput {
  return {
    customerId: detail.customerId,
    contractId: detail.contractId,
    commodity: detail.commodity,
    product: detail.product,
    clickType: detail.clickType,
    marketOption: detail.marketOption,
    volumes: detail.volumes.map(({ yearOfSupply, part, volume, profile }) => ({
      yearOfSupply,
      part,
      volume,
      profile,
    })),
    pricing: detail.pricing,
    marginScenarioId: detail.marginScenarioId ?? null,
    lumpSum: detail.lumpSum,
    runOut: detail.runOut,
    clickLimits: detail.clickLimits,
    deadlineRule: detail.deadlineRule,
    requireSms: detail.requireSms,
    requireApproval: detail.requireApproval,
    dashboardIds: detail.dashboardIds,
  };
}

export async function detailOk(w: { t: TestApp }, token: string, id: number) {
  const response = await call(w, token, 'GET', pathTo(CONTRACT_PATHS.contract, { id }));
  expect(response.statusCode, response.body).toBe(200);
  return ContractDetailSchema.parse(response.json());
}
