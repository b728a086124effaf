import { AliasNode, TableNode, type KyselyPlugin, type OperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractDataListSchema, ContractSummaryListSchema } from '@klik/api';
import { createContract, createCustomer, createOffers } from '../../../test/builders';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import type { Db } from '../../db/database';
import { PositionsService } from './positions.service';
import type { Maturity } from '@klik/domain';

/** The tables each query built through this handle reads from, in order. */
function countingReads(db: Db): { db: Db; reads: string[] } {
  const reads: string[] = [];
  const tableOf = (node: OperationNode): string | null => {
    if (TableNode.is(node)) return node.table.identifier.name;
    if (AliasNode.is(node)) return tableOf(node.node);
    return null;
  };
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (node.kind === 'SelectQueryNode') {
        for (const from of node.from?.froms ?? []) {
          const table = tableOf(from);
          if (table) reads.push(table);
        }
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), reads };
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** A customer with gas contracts of the given ids, and gas offers for 2027. */
async function customerWithContracts(db: Db, contractIds: readonly string[]) {
  const customer = await createCustomer(db);
  for (const contractId of contractIds) {
    await createContract(db, { customerId: customer.id, contractId });
  }
  await createOffers(db, {
    product: 'TTF_GAS',
    yearOfSupply: 2027,
    otcPrice: '30',
    icePrice: '31',
  });
  return customer;
}

describe('positions service', () => {
  it('answers the same when it can keep fewer contracts than a request holds', async () => {
    const { db } = database;
    const customer = await customerWithContracts(db, ['KL-S001', 'KL-S002', 'KL-S003']);
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

  it('prices kept contracts anew on a new price, reading the offers once for every request', async () => {
    const customer = await createCustomer(database.db);
    for (const contractId of ['KL-P001', 'KL-P002']) {
      await createContract(database.db, { customerId: customer.id, contractId });
    }
    const gas = { product: 'TTF_GAS', yearOfSupply: 2027 } as const;
    await createOffers(database.db, { ...gas, otcPrice: '30', icePrice: '31' });
    const { db, reads } = countingReads(database.db);
    const service = new PositionsService({ db, now: () => new Date('2026-11-20T10:00:00Z') });
    const viewer = { userId: 0, restricted: false, mayClick: true };
    const q1Price = async () => {
      const [first] = ContractDataListSchema.parse(
        JSON.parse((await service.customerContractData(viewer, customer.id)).toString()),
      );
      const q1 = first?.statusPerContract.quarterStatuses.find(
        (status) => status.yearOfSupply === 2027 && status.maturity === 'Q1',
      );
      return q1?.contractParts[0]?.offerPart?.marketPrice;
    };
    expect(await q1Price()).toBe('30');
    expect(reads).toContain('contracts');

    // A tick: the contracts are as they were, so only the offers are read again.
    reads.length = 0;
    await createOffers(database.db, { ...gas, otcPrice: '30.5', icePrice: '31' });
    expect(await q1Price()).toBe('30.5');
    expect(reads).toEqual(['market_offers']);

    // Requests arriving together after the next tick share one reading of the offers.
    reads.length = 0;
    await createOffers(database.db, { ...gas, otcPrice: '29.75', icePrice: '31' });
    expect(await Promise.all([q1Price(), q1Price(), q1Price(), q1Price()])).toEqual([
      '29.75',
      '29.75',
      '29.75',
      '29.75',
    ]);
    expect(reads).toEqual(['market_offers']);

    // A change of the contract: it is read again, the offers are not.
    reads.length = 0;
    await database.db
      .updateTable('contracts')
      .set({ run_out: true })
      .where('contract_id', '=', 'KL-P001')
      .execute();
    expect(await q1Price()).toBe('29.75');
    expect(reads).toContain('contracts');
    expect(reads).not.toContain('market_offers');
  });

  it('after each tick answers as a service that never kept anything, also across a window edge', async () => {
    const { db } = database;
    const customer = await customerWithContracts(db, ['KL-T001', 'KL-T002']);
    let now = new Date('2026-11-20T10:00:00Z');
    const viewer = { userId: 0, restricted: false, mayClick: true };
    const kept = new PositionsService({ db, now: () => now });
    const answers = async () => {
      const fresh = new PositionsService({ db, now: () => now });
      return {
        kept: (await kept.customerContractData(viewer, customer.id)).toString(),
        fresh: (await fresh.customerContractData(viewer, customer.id)).toString(),
      };
    };
    const ticks: { maturities: Maturity[]; otc: string | null; ice: string; at: string }[] = [
      { maturities: ['Q1'], otc: '30.25', ice: '31', at: '2026-11-20T10:00:05Z' },
      { maturities: ['M1', 'M2', 'Y'], otc: '29.5', ice: '30.75', at: '2026-11-20T10:00:06Z' },
      { maturities: ['Q2'], otc: null, ice: '31.5', at: '2026-11-20T10:00:07Z' },
      // The OTC window closes at 17:30 Amsterdam time: every position changes its answer.
      { maturities: ['Q3'], otc: '28', ice: '29', at: '2026-11-20T18:00:00Z' },
      { maturities: ['Q1', 'Q3'], otc: '28.5', ice: '29', at: '2026-11-23T09:00:00Z' },
    ];
    let before = await answers();
    expect(before.kept).toBe(before.fresh);
    for (const tick of ticks) {
      await createOffers(db, {
        product: 'TTF_GAS',
        yearOfSupply: 2027,
        maturities: tick.maturities,
        otcPrice: tick.otc,
        icePrice: tick.ice,
        quotedAt: new Date(tick.at),
      });
      now = new Date(tick.at);
      const after = await answers();
      expect(after.kept).toBe(after.fresh);
      expect(after.kept).not.toBe(before.kept);
      before = after;
    }
  });
});
