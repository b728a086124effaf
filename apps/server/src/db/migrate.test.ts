import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { migrateToLatest } from './migrate';

let database: TestDatabase | null = null;

afterEach(async () => {
  await database?.drop();
  database = null;
});

describe(`migrations on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('create every table and are idempotent', async () => {
    database = await createTestDatabase({ migrate: false });
    const applied = await migrateToLatest(database.db);
    // Later migrations follow; these come first and in this order.
    expect(applied.slice(0, 2)).toEqual(['0001-foundation', '0002-positions']);
    expect(await migrateToLatest(database.db)).toEqual([]);
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_name not like 'kysely_%'
      order by table_name`.execute(database.db);
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'audit_log',
        'click_months',
        'clicks',
        'contracts',
        'customers',
        'dashboard_contracts',
        'dashboards',
        'data_versions',
        'login_attempts',
        'market_offers',
        'position_months',
        'roles',
        'sessions',
        'trading_status',
        'user_customers',
        'users',
      ]),
    );
  });

  it('keep usernames unique regardless of case and roles to the known ones', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const user = {
      name: 'A',
      password_hash: 'x',
      role: 'customer' as const,
      locale: 'nl',
      email: null,
    };
    await db
      .insertInto('users')
      .values({ ...user, username: 'Jan' })
      .execute();
    await expect(
      db
        .insertInto('users')
        .values({ ...user, username: 'jan' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('users')
        .values({ ...user, username: 'piet', role: 'superuser' as never })
        .execute(),
    ).rejects.toThrow();
  });

  it('hold exactly one trading status row, not paused', async () => {
    database = await createTestDatabase();
    const rows = await database.db.selectFrom('trading_status').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.pauze_active).toBe(false);
    await expect(
      sql`insert into trading_status (id, pauze_active) values (false, true)`.execute(database.db),
    ).rejects.toThrow();
  });

  it('never let a query see an uncommitted transaction (PGlite serialises its one connection)', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const customer = await db
      .insertInto('customers')
      .values({ name: 'Rollback B.V.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('customers')
          .set({ name: 'Changed B.V.' })
          .where('id', '=', customer.id)
          .execute();
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    // Started while the transaction is open: it must see the committed state, never the change.
    const read = db
      .selectFrom('customers')
      .select('name')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(await transaction).toBe('rolled back');
    expect((await read).name).toBe('Rollback B.V.');
  });
});
