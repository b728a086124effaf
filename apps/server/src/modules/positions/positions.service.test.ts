import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractDataListSchema, ContractSummaryListSchema } from '@klik/api';
import { createContract, createCustomer, createOffers } from '../../../test/builders';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { PositionsService } from './positions.service';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('positions service', () => {
  it('answers the same when it can keep fewer contracts than a request holds', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    for (const contractId of ['KL-S001', 'KL-S002', 'KL-S003']) {
      await createContract(db, { customerId: customer.id, contractId });
    }
    await createOffers(db, {
      product: 'TTF_GAS',
      yearOfSupply: 2027,
      otcPrice: '30',
      icePrice: '31',
    });
    const now = () => new Date('2026-11-20T10:00:00Z');
    const viewer = { userId: 0, restricted: false, mayClick: true };
    const small = new PositionsService({ db, now, maxCachedContracts: 1 });
    const roomy = new PositionsService({ db, now });
    const parse = (body: Buffer) => ContractDataListSchema.parse(JSON.parse(body.toString()));
    const expected = parse(await roomy.customerContractData(viewer, customer.id));
    expect(expected.map((contract) => contract.contractId)).toEqual([
      'KL-S001',
      'KL-S002',
      'KL-S003',
    ]);
    for (let round = 0; round < 3; round += 1) {
      expect(parse(await small.customerContractData(viewer, customer.id))).toEqual(expected);
    }
    // The same answer twice is the same bytes: nothing is rebuilt while nothing changed.
    const first = await roomy.customerContractData(viewer, customer.id);
    expect(await roomy.customerContractData(viewer, customer.id)).toBe(first);
    const summaries = ContractSummaryListSchema.parse(
      JSON.parse((await small.customerSummaries(viewer, customer.id)).toString()),
    );
    expect(summaries.map((summary) => summary.contractId)).toEqual([
      'KL-S001',
      'KL-S002',
      'KL-S003',
    ]);
  });
});
