import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClick, createContract, createCustomer, createOffers } from '../../../test/builders';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { findScope } from './positions.repository';

// Kept contract data is trusted only while these versions stand still, so every change that
// shows in an answer must move one of them.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

async function stampOf(id: number): Promise<bigint> {
  const row = await database.db
    .selectFrom('contracts')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return BigInt(row.version);
}

async function offersStampNow(): Promise<bigint> {
  const row = await database.db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', 'market_offers')
    .executeTakeFirstOrThrow();
  return BigInt(row.version);
}

describe('data versions', () => {
  it('move on every change of a contract, its month rows or its clicks, and only its own', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const contract = await createContract(db, { customerId: customer.id });
    const other = await createContract(db, { customerId: customer.id });
    const otherStamp = await stampOf(other.id);

    let stamp = await stampOf(contract.id);
    const expectMoved = async () => {
      const now = await stampOf(contract.id);
      expect(now).toBeGreaterThan(stamp);
      stamp = now;
    };
    await createClick(db, {
      contractId: contract.id,
      yearOfSupply: 2027,
      maturity: 'Q1',
      parts: [{ part: 'Gas', volume: '30', price: '40' }],
    });
    await expectMoved();
    await db
      .updateTable('position_months')
      .set({ total_volume: '150' })
      .where('contract_id', '=', contract.id)
      .where('month', '=', 5)
      .execute();
    await expectMoved();
    await db
      .updateTable('clicks')
      .set({ status: 'EXPIRED' })
      .where('contract_id', '=', contract.id)
      .execute();
    await expectMoved();
    await db.updateTable('contracts').set({ mark_up: '3' }).where('id', '=', contract.id).execute();
    await expectMoved();
    await db.deleteFrom('position_months').where('contract_id', '=', contract.id).execute();
    await expectMoved();
    expect(await stampOf(other.id)).toBe(otherStamp);
  });

  it('move the offers version on every change of the offers', async () => {
    const before = await offersStampNow();
    await createOffers(database.db, { product: 'TTF_GAS', yearOfSupply: 2027, otcPrice: '30' });
    const afterInsert = await offersStampNow();
    expect(afterInsert).toBeGreaterThan(before);
    await sql`update market_offers set price = price + 1 where product = 'TTF_GAS'`.execute(
      database.db,
    );
    expect(await offersStampNow()).toBeGreaterThan(afterInsert);
  });

  it('are read with the scope, which hides what the viewer may not see', async () => {
    const { db } = database;
    const mine = await createCustomer(db, { dashboards: ['Een'] });
    const theirs = await createCustomer(db, { dashboards: ['Twee'] });
    const contract = await createContract(db, {
      customerId: mine.id,
      dashboardIds: [mine.dashboards[0]!.id],
    });
    const user = await db
      .insertInto('users')
      .values({
        username: 'scope-user',
        name: 'S',
        password_hash: 'x',
        role: 'customer',
        locale: 'nl',
        email: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_customers')
      .values({ user_id: user.id, customer_id: mine.id })
      .execute();

    const scope = await findScope(
      db,
      { kind: 'dashboard', dashboardId: mine.dashboards[0]!.id },
      user.id,
    );
    expect(scope.visible).toBe(true);
    expect(scope.contracts).toEqual([
      { id: contract.id, stamp: String(await stampOf(contract.id)) },
    ]);
    expect(scope.offersStamp).toBe(String(await offersStampNow()));
    expect(scope.paused).toBe(false);
    expect(
      (await findScope(db, { kind: 'customer', customerId: theirs.id }, user.id)).visible,
    ).toBe(false);
    expect((await findScope(db, { kind: 'customer', customerId: theirs.id }, null)).visible).toBe(
      true,
    );
    // An empty dashboard is visible and holds nothing.
    const empty = await findScope(
      db,
      { kind: 'dashboard', dashboardId: theirs.dashboards[0]!.id },
      null,
    );
    expect(empty).toMatchObject({ visible: true, contracts: [] });
  });
});
